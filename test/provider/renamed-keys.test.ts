/**
 * A key renamed without `previousKeys` (DECISIONS D125), in process: the stack's checkpoint (a
 * file backend laid out as the engine does, its update's lock naming this process's parent)
 * holds an API app, a template or a fax line under the account file's old name; a create of the
 * same object under a new name fails its check, before any request, in one line naming
 * `previousKeys: [<old key>]` (never adopt). Nothing is refused for an object the state does
 * not hold, for inputs that name nothing certain, for the same name's own update, or where no
 * checkpoint can be read.
 */
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { ProviderHarness, type Props } from "./support/harness";
import { repoRoot } from "../engine/support/engine";

const PROJECT = "renames";
const STACK = "dev";
const FIELDS = [{ documentIndex: 0, apiId: "sig", name: "Signature", type: "signature", required: true, signer: 0, page: 1, x: 100, y: 600, width: 200, height: 40 }];

/** A file backend whose running update (locked by this process's parent) holds these resources. */
function backendHolding(held: { kind: string; name: string; outputs: Props }[]): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "esign-renames-"));
  const lockDir = path.join(root, ".pulumi", "locks", "organization", PROJECT, STACK);
  fs.mkdirSync(lockDir, { recursive: true });
  fs.writeFileSync(path.join(lockDir, "lock.json"), JSON.stringify({ pid: process.ppid, hostname: os.hostname() }));
  const type = (kind: string) => `pulumi-nodejs:dynamic/esign:${kind}`;
  const resources = held.map((r) => ({ urn: `urn:pulumi:${STACK}::${PROJECT}::${type(r.kind)}::${r.name}`, type: type(r.kind), id: "id-" + r.name, custom: true, inputs: {}, outputs: r.outputs }));
  fs.mkdirSync(path.join(root, ".pulumi", "stacks", PROJECT), { recursive: true });
  fs.writeFileSync(path.join(root, ".pulumi", "stacks", PROJECT, `${STACK}.json`), JSON.stringify({ version: 3, checkpoint: { stack: STACK, latest: { resources } } }));
  return root;
}

describe("provider (in process): a key renamed without previousKeys (D125)", () => {
  let h: ProviderHarness;
  const saved = { url: process.env.PULUMI_BACKEND_URL, project: process.env.PULUMI_PROJECT };
  const roots: string[] = [];
  const useBackend = (root: string) => {
    roots.push(root);
    process.env.PULUMI_BACKEND_URL = `file://${root}`;
    process.env.PULUMI_PROJECT = PROJECT;
  };
  before(async () => (h = await ProviderHarness.start()));
  after(async () => h?.close());
  afterEach(() => {
    for (const [k, v] of [
      ["PULUMI_BACKEND_URL", saved.url],
      ["PULUMI_PROJECT", saved.project],
    ] as const) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true });
    h.nextRun(); // a new run reads the checkpoint again
  });

  const app = { name: "Customer portal", domains: ["portal.acme.example"] };
  const heldApp = { kind: "ApiApp", name: "app:portal", outputs: { ...app, clientId: "c1" } };

  /** check as the engine calls it for a create (no olds): the failures, and the requests it made. */
  async function checkCreate(kind: string, inputs: Props, olds: Props = {}) {
    const since = h.mark();
    const result = await h.resource(kind).check(inputs, olds);
    return { failures: result.failures ?? [], requests: h.requestsSince(since).length, inputs: result.inputs };
  }

  it("ApiApp: the stack's app of this name under another key: one line naming previousKeys: [portal], not adopt, with no request", async () => {
    useBackend(backendHolding([heldApp]));
    const { failures, requests } = await checkCreate("ApiApp", app);
    assert.strictEqual(requests, 0);
    assert.deepStrictEqual(
      failures.map((f) => f.property),
      ["name"],
    );
    const line = failures[0].reason;
    assert.ok(!line.includes("\n"), line);
    assert.match(line, /the stack already holds API app "Customer portal" as "app:portal"/);
    assert.match(line, /add previousKeys: \[portal\] to the account file's entry/);
    assert.match(line, /aliases: \[\{ name: "app:portal" \}\] in a program/);
    assert.doesNotMatch(line, /adopt/);
    assert.match(line, /a second ApiApp needs another name$/);
  });

  it("a resource of a program (not the account file) is told its alias", async () => {
    useBackend(backendHolding([{ ...heldApp, name: "portal" }]));
    const { failures } = await checkCreate("ApiApp", app);
    assert.match(failures[0].reason, /add aliases: \[\{ name: "portal" \}\] to this resource/);
    assert.doesNotMatch(failures[0].reason, /previousKeys/);
  });

  it("Template: the same title and documents under another key; FaxLine: its number under another key", async () => {
    const tpl = { title: "Mutual NDA", files: [path.join(repoRoot, "examples", "files", "nda.pdf")], signerRoles: [{ name: "Client", order: 0 }], formFieldsPerDocument: FIELDS };
    const checked = (await checkCreate("Template", tpl)).inputs!; // no checkpoint yet: computes fileHashes
    useBackend(
      backendHolding([
        { kind: "Template", name: "template:nda", outputs: { ...checked, templateId: "t1" } },
        { kind: "FaxLine", name: "fax:main", outputs: { number: "+14155550100", areaCode: 415, country: "US" } },
      ]),
    );
    h.nextRun(); // the run's first check read no checkpoint: the next run reads this one
    const template = await checkCreate("Template", tpl);
    assert.deepStrictEqual(
      template.failures.map((f) => f.property),
      ["title"],
    );
    assert.match(template.failures[0].reason, /template "Mutual NDA" with the same documents as "template:nda": .*previousKeys: \[nda\]/);
    const line = await checkCreate("FaxLine", { number: "+14155550100" });
    assert.match(line.failures[0]?.reason ?? "", /fax line \+14155550100 as "fax:main": .*previousKeys: \[main\]/);
    assert.deepStrictEqual((await checkCreate("Template", { ...tpl, title: "Other NDA" })).failures, [], "another title: another template");
    assert.deepStrictEqual((await checkCreate("FaxLine", { areaCode: 415, country: "US" })).failures, [], "a line to buy names nothing certain");
  });

  it("nothing is refused for another name, for adoption, for the same name's own check, or without a checkpoint", async () => {
    useBackend(backendHolding([heldApp]));
    assert.deepStrictEqual((await checkCreate("ApiApp", { ...app, name: "Partner portal" })).failures, []);
    assert.deepStrictEqual((await checkCreate("ApiApp", { ...app, adopt: true })).failures, [], "adoption converges through the run's claims (D20)");
    assert.deepStrictEqual((await checkCreate("ApiApp", app, heldApp.outputs)).failures, [], "an existing resource's check has olds");
    delete process.env.PULUMI_BACKEND_URL;
    h.nextRun();
    assert.deepStrictEqual((await checkCreate("ApiApp", app)).failures, []);
  });
});
