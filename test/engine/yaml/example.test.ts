/**
 * examples/yaml, a Pulumi YAML project, through the real CLI and pulumi-language-yaml (`pulumi
 * up` of the project directory, the native plugin from PATH) against a local service seeded
 * as scripts/example seeds it: the seven resources, the Account component, two lookups and an
 * explicit provider; up, an unchanged preview, destroy, with each step's API calls.
 */
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type { Stack } from "@pulumi/pulumi/automation";
import { applySeed, readSeed } from "../../../examples/local-seed";
import { changes } from "../support/engine";
import { api, localService, LocalService } from "../../support/local";
import { operations } from "../support/native-support";
import { EXAMPLE_CALLS, exampleConfig, exampleDir, exportText, writeYamlProject, yamlStack } from "./project";

const SEVEN = ["ApiApp", "FaxLine", "FaxLineUser", "Team", "TeamMember", "Template", "TemplateAccess"];

describe("engine: Pulumi YAML, examples/yaml", function () {
  this.timeout(900_000);
  let svc: LocalService;
  let dir: string;
  let stack: Stack;
  let outputs: Record<string, { value: any; secret: boolean }> = {};

  /** Runs one step and returns it with the API calls it made, as sorted operation ids. */
  async function measured<T>(run: () => Promise<T>): Promise<[T, string[]]> {
    const seq = await svc.lastSeq();
    const result = await run();
    return [result, operations(await svc.requestsSince(seq))];
  }

  before(async () => {
    svc = await localService();
    await applySeed(readSeed(exampleDir)!, svc.baseUrl, svc.apiKey);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "esign-yaml-"));
    stack = await yamlStack(writeYamlProject(dir), dir, { config: exampleConfig(svc) });
  });
  after(async () => {
    try {
      await stack?.destroy().catch(() => undefined);
    } finally {
      await svc?.close();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("previews twelve creates; only the account lookup calls the service", async () => {
    const [preview, calls] = await measured(() => stack.preview());
    // The stack, the explicit provider, the seven resources (FaxLine twice), the component and its two children.
    assert.deepStrictEqual(changes({ resourceChanges: preview.changeSummary }), { create: 12 });
    assert.deepStrictEqual(calls, EXAMPLE_CALLS.firstPreview);
  });

  it("up creates the seven resources, the Account component's children and the explicit provider", async () => {
    const [up, calls] = await measured(() => stack.up());
    outputs = up.outputs;
    assert.deepStrictEqual(changes(up.summary), { create: 12 });
    assert.deepStrictEqual(calls, EXAMPLE_CALLS.up);
    const state = (await stack.exportStack()).deployment;
    const types = state.resources.map((r: any) => r.type as string);
    for (const kind of SEVEN) assert.ok(types.includes(`esign:index:${kind}`), `no ${kind} in state`);
    assert.ok(types.includes("esign:index:Account"));
    const signing = state.resources.find((r: any) => r.type === "pulumi:providers:esign" && r.urn.endsWith("::signing"));
    assert.ok(signing, "the explicit provider");
    const byProvider = (name: string) => state.resources.find((r: any) => r.urn.endsWith(`::${name}`)).provider as string;
    for (const name of ["portal", "nda", "ndaForAlice"]) assert.ok(byProvider(name).startsWith(signing.urn), `${name} uses the explicit provider`);
    for (const name of ["team", "bob", "mainLine", "mainLineAlice"]) assert.match(byProvider(name), /::default/, `${name} uses the default provider`);
    assert.strictEqual(outputs.accountId.value, svc.accountId);
    assert.deepStrictEqual(outputs.ndaFoundSignerRoles.value, [{ name: "Client", order: 0 }]);
    assert.strictEqual(outputs.bobStatus.value, "invited");
    assert.ok(outputs.portalOAuthSecret.secret, "the OAuth secret is a secret output");
    assert.deepStrictEqual(Object.keys(outputs.accountApps.value), ["back-office"]);
    assert.match(outputs.accountFaxLines.value.support, /^\+1212/);
    const text = exportText(stack);
    assert.ok(!text.includes(outputs.portalOAuthSecret.value), "the OAuth secret is not in the state in plain text");
    assert.ok(!text.includes(svc.apiKey), "the API key is not in the state in plain text");
  });

  it("previews no change; only the two lookups call the service", async () => {
    const [preview, calls] = await measured(() => stack.preview({ expectNoChanges: true }));
    assert.strictEqual(preview.changeSummary.same, 12);
    assert.deepStrictEqual(calls, EXAMPLE_CALLS.preview);
  });

  it("destroys what it made and keeps the adopted team (retainOnDelete) with its seeded teammate", async () => {
    const [down, calls] = await measured(() => stack.destroy());
    assert.deepStrictEqual(changes(down.summary), { delete: 12 });
    assert.deepStrictEqual(calls, EXAMPLE_CALLS.destroy);
    const http = api(svc);
    assert.deepStrictEqual((await http.get("/api_app/list")).data.api_apps, []);
    assert.deepStrictEqual((await http.get("/template/list")).data.templates, []);
    assert.deepStrictEqual((await http.get("/fax_line/list")).data.fax_lines, []);
    const team = (await http.get("/team")).data.team;
    assert.strictEqual(team.name, "Example YAML Ops");
    assert.ok(JSON.stringify(team.accounts).includes("alice@example.com"));
    assert.ok(!JSON.stringify(team).includes("bob@example.com"), "bob's invitation was withdrawn");
  });
});
