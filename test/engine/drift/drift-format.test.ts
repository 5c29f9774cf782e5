/**
 * The drift report's rendering, without the engine: values are masked when secret (the
 * engine's secret envelope or a secret-looking property), unknowns are named, and the three
 * formats carry the same entries.
 */
import * as assert from "assert";
import { formatDrift } from "../../../provider/cli/drift-format";
import { driftFromEvents, removalsFromEvents, type DriftEntry } from "../../../provider/cli/drift-report";
import type { UnmanagedEntry } from "../../../provider/cli/drift-unmanaged";
import { displayValue } from "../../../provider/cli/drift-values";

const SECRET_SIG = "4dabf18193072939515e22adb298388d";

describe("drift report rendering", () => {
  it("masks secrets and secret-looking properties, names unknowns and absent values", () => {
    assert.strictEqual(displayValue("name", { [SECRET_SIG]: "1b47061264138c4ac30d75fd1eb44270", value: "hunter2" }), "[secret]");
    assert.strictEqual(displayValue("name", "[secret]"), "[secret]");
    assert.strictEqual(displayValue("oauthSecret", "s3cr3t"), "[secret]");
    assert.strictEqual(displayValue("oauth", { callbackUrl: "https://a.example/cb", secret: "s3cr3t" }), '{"callbackUrl":"https://a.example/cb","secret":"[secret]"}');
    assert.strictEqual(displayValue("domains", ["a.example", "04da6b54-80e4-46f7-96ec-b56ff0331ba9"]), "(known after up)");
    assert.strictEqual(displayValue("callbackUrl", undefined), "(absent)");
    assert.strictEqual(displayValue("name", "Ops"), '"Ops"');
  });

  const entries: DriftEntry[] = [
    { resource: "team", type: "esign:Team", property: "name", git: '"A|B"', service: '"C"', action: "update" },
    { resource: "member:x@a.example", type: "esign:TeamMember", property: "(resource)", git: "(present)", service: "(absent)", action: "recreate" },
  ];

  it("renders one text line per property and a summary", () => {
    assert.strictEqual(
      formatDrift("prod", entries, "text"),
      [
        'team (esign:Team) name: git "A|B", service "C" -> update',
        "member:x@a.example (esign:TeamMember) (resource): git (present), service (absent) -> recreate",
        "stack prod: 2 differences",
        "",
      ].join("\n"),
    );
    assert.strictEqual(formatDrift("prod", [], "text"), "stack prod: no drift\n");
  });

  it("renders a Markdown table with pipes escaped, and JSON for tools", () => {
    const md = formatDrift("prod", entries, "markdown");
    assert.match(md, /^### Drift of stack `prod`: 2 differences$/m);
    assert.match(md, /^\| `team` \| esign:Team \| name \| `"A\\\|B"` \| `"C"` \| update \|$/m);
    assert.match(formatDrift("prod", [], "markdown"), /No drift/);
    assert.deepStrictEqual(JSON.parse(formatDrift("prod", entries, "json")), { stack: "prod", drifted: true, differences: entries, unmanagedFound: false, unmanaged: [] });
  });

  it("takes update vs replace per property from the resource's rules: an app's name edit is an update, even in a replace step", () => {
    const urn = "urn:pulumi:prod::acme::pulumi-nodejs:dynamic/esign:ApiApp::app:portal";
    const step = {
      op: "replace",
      urn,
      type: "pulumi-nodejs:dynamic/esign:ApiApp",
      old: { outputs: { __provider: "x", clientId: "c1", name: "Old portal", managingAccountId: "acc1" } },
      new: { inputs: { __provider: "x", clientId: "c2", name: "Portal" } },
    };
    const entries = driftFromEvents([{ resourcePreEvent: { metadata: step } } as never], new Set([urn]));
    assert.deepStrictEqual(
      entries.map((e) => [e.property, e.action]),
      [
        ["clientId", "replace"],
        ["name", "update"],
      ],
    );
  });

  it("decides with the resource's own diff: a template's undeclared metadata, edited in the web UI, is not drift", () => {
    const urn = "urn:pulumi:prod::acme::pulumi-nodejs:dynamic/esign:Template::template:nda";
    const declared = ["fileHashes", "formFieldsPerDocument", "signerRoles", "title"];
    const step = {
      op: "update",
      urn,
      type: "pulumi-nodejs:dynamic/esign:Template",
      old: {
        outputs: { __provider: "x", title: "Old NDA", metadata: { owner: "web ui" }, signerRoles: [{ name: "Client" }], formFieldsPerDocument: [], fileHashes: ["aaa"], declaredInputs: declared },
      },
      new: { inputs: { __provider: "x", title: "NDA", signerRoles: [{ name: "Client" }], formFieldsPerDocument: [], fileHashes: ["aaa"] } },
    };
    const entries = driftFromEvents([{ resourcePreEvent: { metadata: step } } as never], new Set([urn]));
    // No documented operation changes a template's title in place (D123).
    assert.deepStrictEqual(
      entries.map((e) => [e.property, e.action]),
      [["title", "replace"]],
    );
    // The native plugin's resources are read by the same rules.
    const native = { ...step, urn: urn.replace("pulumi-nodejs:dynamic/esign:Template", "esign:index:Template"), type: "esign:index:Template" };
    const nativeEntries = driftFromEvents([{ resourcePreEvent: { metadata: native } } as never], new Set([native.urn]));
    assert.deepStrictEqual(
      nativeEntries.map((e) => [e.type, e.property, e.action]),
      [["esign:Template", "title", "replace"]],
    );
  });

  const unmanaged: UnmanagedEntry[] = [
    { collection: "members", what: "open invitation", name: "ivy@x.example", since: "invited 2026-11-27", action: "removes it" },
    { collection: "apiApps", what: "API app", name: "Shadow", id: "c1", since: "created 2026-11-27", action: "nothing" },
  ];

  it("renders the unmanaged section in every format, after the differences", () => {
    assert.strictEqual(
      formatDrift("prod", [], "text", undefined, unmanaged),
      [
        "unmanaged (in the account, not in git):",
        "  open invitation ivy@x.example (invited 2026-11-27) [members] -> next up: removes it",
        "  API app Shadow (c1, created 2026-11-27) [apiApps] -> next up: nothing",
        "stack prod: no drift, 2 unmanaged objects",
        "",
      ].join("\n"),
    );
    const md = formatDrift("prod", entries, "markdown", undefined, unmanaged);
    assert.match(md, /^#### Unmanaged: 2 objects in the account that git does not list$/m);
    assert.match(md, /^\| open invitation \| `ivy@x.example` \| members \| {2}\| invited 2026-11-27 \| removes it \|$/m);
    assert.ok(md.indexOf("Drift of stack") < md.indexOf("Unmanaged"));
    const json = JSON.parse(formatDrift("prod", [], "json", undefined, unmanaged));
    assert.deepStrictEqual([json.drifted, json.unmanagedFound, json.unmanaged], [false, true, unmanaged]);
  });

  it("collects the authoritative sets' removals from the preview's steps, by scope", () => {
    const step = (type: string, inputs: Record<string, unknown>, op = "update") => ({ resourcePreEvent: { metadata: { op, urn: `urn::x::${type}::n`, type, new: { inputs } } } });
    const events = [
      step("esign:index:TeamMemberSet", { members: [], removals: ["Bob@x.example"] }),
      step("pulumi-nodejs:dynamic:Resource", { __provider: "x", templateId: "t1", users: [], removals: ["c@x.example"] }),
      step("esign:index:FaxLineUserSet", { number: "+1", users: [], removals: ["d@x.example"] }, "delete"),
    ] as never[];
    const removals = removalsFromEvents(events);
    assert.deepStrictEqual(
      [...removals.entries()].map(([k, v]) => [k, [...v]]),
      [["members", ["bob@x.example"]]],
    );
  });
});
