/**
 * `esign recover`'s state edit and the drift report's pending line, without the CLI: which
 * pending ops are ours, what a settled deployment holds (the op's own record with the found id,
 * outputs = inputs with `__provider` and declaredInputs, placed after every resource), and the
 * line `esign drift` adds in each format.
 */
import * as assert from "assert";
import { formatDrift } from "../../../provider/cli/drift-format";
import { withPendingOperations } from "../../../provider/cli/recover-drift";
import { settle } from "../../../provider/pulumi-state/edit";
import { parseExport, pendingCreates, type ExportedDeployment } from "../../../provider/pulumi-state/export";
import { esignKind } from "../../../provider/pulumi-state/type-token";

const urn = (type: string, name: string) => `urn:pulumi:prod::acct::${type}::${name}`;
const APP = "pulumi-nodejs:dynamic/esign:ApiApp";
const LINE = "esign:index:FaxLine";

function deployment(): ExportedDeployment {
  return {
    version: 3,
    deployment: {
      manifest: { time: "t" },
      resources: [{ urn: urn("pulumi:pulumi:Stack", "acct-prod"), type: "pulumi:pulumi:Stack", custom: false }],
      pending_operations: [
        { type: "creating", resource: { urn: urn(APP, "portal"), type: APP, custom: true, inputs: { name: "Portal", domains: ["a.example"], __provider: "stub" } } },
        { type: "creating", resource: { urn: urn(LINE, "line"), type: LINE, custom: true, inputs: { areaCode: 415 } } },
        { type: "updating", resource: { urn: urn(APP, "other"), type: APP, custom: true, inputs: {} } },
        { type: "creating", resource: { urn: urn("aws:s3/bucket:Bucket", "b"), type: "aws:s3/bucket:Bucket", custom: true, inputs: {} } },
      ],
    },
  };
}

describe("esign recover: the state edit (no CLI)", () => {
  it("knows esign kinds in both hosts' type tokens, and only pending creates of esign resources are its own", () => {
    assert.strictEqual(esignKind(APP), "ApiApp");
    assert.strictEqual(esignKind(LINE), "FaxLine");
    assert.strictEqual(esignKind("aws:s3/bucket:Bucket"), undefined);
    assert.deepStrictEqual(
      pendingCreates(deployment()).map((o) => o.resource.urn),
      [urn(APP, "portal"), urn(LINE, "line")],
    );
  });

  it("reads an export through one schema: every key it does not name kept, a malformed one refused in one line naming the key", () => {
    const text = JSON.stringify({ ...deployment(), extra: 1 });
    const read = parseExport(text);
    assert.deepStrictEqual(read, JSON.parse(text), "nothing dropped, nothing added");
    assert.deepStrictEqual(parseExport({ version: 3 }).deployment, {}, "a stack never deployed has an empty deployment");
    assert.throws(() => parseExport({ version: 3, deployment: { resources: [{ urn: 7, type: "t" }] } }), /^Error: the stack's export is not in the form esign reads: deployment\.resources\.0\.urn: /);
  });

  it("records a found object as the op's own resource after every other, drops a cleared one, keeps the rest pending", () => {
    const d = deployment();
    const [app, line] = pendingCreates(d);
    const settled = settle(d, [
      { op: app, action: "record", id: "cid", declared: ["domains", "name"] },
      { op: line, action: "drop" },
    ]);
    const resources = settled.deployment.resources!;
    assert.strictEqual(resources.length, 2);
    assert.deepStrictEqual(resources[1], {
      ...app.resource,
      id: "cid",
      outputs: { name: "Portal", domains: ["a.example"], __provider: "stub", declaredInputs: ["domains", "name"] },
    });
    assert.deepStrictEqual(
      settled.deployment.pending_operations!.map((o) => o.type + " " + o.resource.urn),
      [`updating ${urn(APP, "other")}`, `creating ${urn("aws:s3/bucket:Bucket", "b")}`],
    );
    assert.strictEqual(settled.deployment.manifest !== undefined, true, "the rest of the deployment is kept");
  });
});

describe("esign drift: the pending operations line", () => {
  const d = deployment();
  it("text: a last line naming them and `esign recover`", () => {
    const out = withPendingOperations(formatDrift("prod", [], "text"), "prod", "text", d);
    assert.strictEqual(
      out,
      "stack prod: no drift\nstack prod: 4 pending operations from a run that was cut off (creating portal, creating line, updating other, creating b): run `esign recover` before `pulumi up`\n",
    );
  });
  it("markdown: a quoted line; json: pendingOperations and drifted", () => {
    assert.match(withPendingOperations(formatDrift("prod", [], "markdown"), "prod", "markdown", d), /\n> stack prod: 4 pending operations .*esign recover/);
    const json = JSON.parse(withPendingOperations(formatDrift("prod", [], "json"), "prod", "json", d));
    assert.deepStrictEqual(json, {
      stack: "prod",
      drifted: true,
      differences: [],
      pendingOperations: ["creating portal", "creating line", "updating other", "creating b"],
      unmanaged: [],
      unmanagedFound: false,
    });
  });
  it("none pending: the report is unchanged", () => {
    const empty: ExportedDeployment = { version: 3, deployment: { resources: [] } };
    for (const f of ["text", "markdown", "json"] as const) assert.strictEqual(withPendingOperations(formatDrift("prod", [], f), "prod", f, empty), formatDrift("prod", [], f));
  });
});
