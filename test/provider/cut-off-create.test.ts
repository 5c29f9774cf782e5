/**
 * A plain `up` after a cut-off run (DECISIONS D96), in process: the stack's checkpoint (a file
 * backend laid out as the engine does: the update's lock naming this process's parent, the
 * checkpoint holding the cut-off run's pending create) is what the provider reads. An API app,
 * template or team the cut-off create made is adopted (no second create request); two matching
 * apps are refused naming `esign recover`; a fax line is never bought a second time while a free
 * line the cut-off run may have bought exists; nothing found, or no checkpoint to read: the
 * create goes on as usual.
 */
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { ProviderHarness, type Props } from "./support/harness";
import { warningsOf } from "./support/identity";
import { auth } from "./support/service-forms";
import { rows } from "./support/lost-answer";
import { repoRoot } from "../engine/support/engine";

const PROJECT = "cutoff";
const FIELDS = [{ documentIndex: 0, apiId: "sig", name: "Signature", type: "signature", required: true, signer: 0, page: 1, x: 100, y: 600, width: 200, height: 40 }];
const STACK = "dev";

/** A file backend whose running update (locked by this process's parent) has these pending creates. */
function backendWith(pending: { kind: string; name: string; inputs: Props }[], held: { kind: string; id: string }[] = []): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "esign-cutoff-"));
  const lockDir = path.join(root, ".pulumi", "locks", "organization", PROJECT, STACK);
  fs.mkdirSync(lockDir, { recursive: true });
  fs.writeFileSync(path.join(lockDir, "lock.json"), JSON.stringify({ pid: process.ppid, hostname: os.hostname(), username: "ci", timestamp: new Date().toISOString() }));
  const type = (kind: string) => `pulumi-nodejs:dynamic/esign:${kind}`;
  const urn = (kind: string, name: string) => `urn:pulumi:${STACK}::${PROJECT}::${type(kind)}::${name}`;
  const latest = {
    resources: held.map((h, i) => ({ urn: urn(h.kind, `held${i}`), type: type(h.kind), id: h.id, custom: true, inputs: {}, outputs: {} })),
    pending_operations: pending.map((p) => ({ type: "creating", resource: { urn: urn(p.kind, p.name), type: type(p.kind), custom: true, inputs: { ...p.inputs, __provider: "stub" } } })),
  };
  fs.mkdirSync(path.join(root, ".pulumi", "stacks", PROJECT), { recursive: true });
  fs.writeFileSync(path.join(root, ".pulumi", "stacks", PROJECT, `${STACK}.json`), JSON.stringify({ version: 3, checkpoint: { stack: STACK, latest } }));
  return root;
}

describe("provider (in process): a create after a cut-off run", () => {
  let h: ProviderHarness;
  const saved = { url: process.env.PULUMI_BACKEND_URL, project: process.env.PULUMI_PROJECT, home: process.env.PULUMI_HOME };
  const roots: string[] = [];
  const useBackend = (root: string) => {
    roots.push(root);
    process.env.PULUMI_BACKEND_URL = `file://${root}`;
    process.env.PULUMI_PROJECT = PROJECT;
  };
  beforeEach(async () => (h = (await ProviderHarness.start()).ignoringPinRead()));
  afterEach(async () => {
    for (const [k, v] of [
      ["PULUMI_BACKEND_URL", saved.url],
      ["PULUMI_PROJECT", saved.project],
      ["PULUMI_HOME", saved.home],
    ] as const) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true });
    await h?.close();
  });

  const app = { name: "Portal", domains: ["portal.example.com"] };

  it("ApiApp: the app the cut-off create made is adopted, with a warning, and no second app is made", async () => {
    const inputs = (await h.resource("ApiApp").check(app)).inputs!; // the cut-off run's check
    const made = await h.resource("ApiApp").create(app); // and its create, committed
    h.nextRun();
    useBackend(backendWith([{ kind: "ApiApp", name: "portal", inputs }]));
    const { result: r, calls } = await h.counting(() => warningsOf(() => h.resource("ApiApp").create(app)));
    assert.strictEqual(r.result.id, made.id);
    assert.ok(!calls.includes("POST /v3/api_app"), calls.join(", "));
    assert.match(r.warnings.join("\n"), /ApiApp "portal" adopted API app "Portal" \(client id \w+\): the run that was cut off made it/);
    assert.strictEqual(r.result.outs.clientId, made.id);
  });

  const tpl = { title: "NDA", files: [path.join(repoRoot, "examples", "files", "nda.pdf")], signerRoles: [{ name: "Client", order: 0 }], formFieldsPerDocument: FIELDS };

  it("Template: a template the stack holds is not a candidate; nothing left: a new template is made", async () => {
    // (Apps cannot show this: the service refuses a second app of one name.)
    const inputs = (await h.resource("Template").check(tpl)).inputs!;
    const made = await h.resource("Template").create(tpl);
    h.nextRun();
    useBackend(backendWith([{ kind: "Template", name: "nda", inputs }], [{ kind: "Template", id: made.id }]));
    const again = await h.resource("Template").create(tpl);
    assert.notStrictEqual(again.id, made.id);
  });

  it("Template: two matching templates are refused in one line naming esign recover, and nothing is made", async () => {
    const inputs = (await h.resource("Template").check(tpl)).inputs!;
    await h.resource("Template").create(tpl);
    await h.resource("Template").create(tpl);
    h.nextRun();
    useBackend(backendWith([{ kind: "Template", name: "nda", inputs }]));
    const { result: error, calls } = await h.counting(() =>
      h
        .resource("Template")
        .create(tpl)
        .then(
          () => undefined,
          (e: Error) => e,
        ),
    );
    assert.ok(error, "refused");
    assert.match(error.message, /^Template "nda": a run that was cut off left this create pending, and 2 objects match it .*esign recover/);
    assert.ok(!error.message.includes("\n"));
    assert.ok(!calls.includes("POST /v3/template/create"));
  });

  it("Template: the template the cut-off create made is adopted", async () => {
    const inputs = (await h.resource("Template").check(tpl)).inputs!;
    const made = await h.resource("Template").create(tpl);
    h.nextRun();
    useBackend(backendWith([{ kind: "Template", name: "nda", inputs }]));
    const { result, calls } = await h.counting(() => h.resource("Template").create(tpl));
    assert.strictEqual(result.id, made.id);
    assert.ok(!calls.includes("POST /v3/template/create"), calls.join(", "));
  });

  it("Team: the team the cut-off create made is adopted instead of failing", async () => {
    const made = await h.resource("Team").create({ name: "Ops" });
    h.nextRun();
    useBackend(backendWith([{ kind: "Team", name: "team", inputs: { name: "Ops" } }]));
    const result = await h.resource("Team").create({ name: "Ops" });
    assert.strictEqual(result.id, made.id);
  });

  it("Team: a team the cut-off create made that the service does not show yet is adopted once it shows, not refused as already made", async () => {
    await h.control("PUT", "/settings/team_visibility_delay", { delay_ms: 1500 });
    // The cut-off run's create: the service made the team, the run never heard back.
    const sent = await fetch(`${h.svc.baseUrl}/team/create`, { method: "POST", headers: auth(h.settings["esign:apiKey"]!), body: JSON.stringify({ name: "Ops" }) });
    assert.strictEqual(sent.status, 200);
    h.nextRun(4000); // a bound longer than the service's lag
    useBackend(backendWith([{ kind: "Team", name: "team", inputs: { name: "Ops" } }]));
    const { result, calls } = await h.counting(() => h.resource("Team").create({ name: "Ops" }));
    assert.ok(!calls.includes("POST /v3/team/create"), calls.join(", "));
    assert.strictEqual(result.outs.name, "Ops");
    assert.deepStrictEqual(
      (await rows(h, "teams")).map((t) => t.team_id),
      [result.id],
    );
  });

  it("FaxLine: while a line the cut-off run may have bought exists, the create stops naming esign recover; none: it buys", async () => {
    const line = { areaCode: 415, country: "US" };
    const inputs = (await h.resource("FaxLine").check(line)).inputs!;
    h.nextRun();
    useBackend(backendWith([{ kind: "FaxLine", name: "line", inputs }]));
    const first = await h.resource("FaxLine").create(line); // nothing there: the cut-off create made nothing
    h.nextRun();
    const { result: error, calls } = await h.counting(() =>
      h
        .resource("FaxLine")
        .create(line)
        .then(
          () => undefined,
          (e: Error) => e,
        ),
    );
    assert.ok(error, "refused");
    assert.match(
      error.message,
      new RegExp(`"line": a run that was cut off left this create pending, and the account has fax line \\${first.id} that it may have made; not making a second one: run \`esign recover\``),
    );
    assert.ok(!calls.includes("POST /v3/fax_line/create"));
  });

  it("the run's own creates are not a cut-off run's: the checkpoint is read at the run's first check, before the engine records any create of it", async () => {
    // A line bought before; this run adopts it by number. The engine writes this create's pending
    // operation into the checkpoint before it asks the provider: that is no cut-off run.
    const line = await h.resource("FaxLine").create({ areaCode: 415, country: "US" });
    h.nextRun();
    const root = backendWith([]);
    useBackend(root);
    const adopting = { number: line.id };
    const inputs = (await h.resource("FaxLine").check(adopting)).inputs!;
    const running = backendWith([{ kind: "FaxLine", name: "line", inputs }]);
    roots.push(running);
    fs.cpSync(path.join(running, ".pulumi"), path.join(root, ".pulumi"), { recursive: true });
    const adopted = await h.resource("FaxLine").create(adopting);
    assert.strictEqual(adopted.id, line.id);
  });

  it("no checkpoint to read (another backend): a create is a create", async () => {
    const made = await h.resource("Template").create(tpl);
    h.nextRun();
    delete process.env.PULUMI_BACKEND_URL;
    process.env.PULUMI_HOME = fs.mkdtempSync(path.join(os.tmpdir(), "esign-home-"));
    roots.push(process.env.PULUMI_HOME);
    const again = await h.resource("Template").create(tpl);
    assert.notStrictEqual(again.id, made.id);
  });
});
