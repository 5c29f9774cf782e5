/**
 * The service's read-after-create lag through the real engine (DECISIONS D120, D121): the
 * local service hides each new template, API app and team from every read for several seconds
 * (as the vendor's live tests expect of the real service). An `up` of a program with one of
 * each exits 0, the account holds one of each and a preview shows no change; the same when every
 * create's answer is lost after the service committed it (the provider looks for what it made
 * while the service still hides it, and must not make a second one).
 */
import * as assert from "assert";
import * as path from "path";
import * as esign from "../../../provider";
import { changes, newStack, repoRoot, type TestStack } from "../support/engine";
import { localService, type LocalService } from "../../support/local";

/** How long the service hides a new object from every read. */
const HIDDEN_MS = 4000;

const nda = path.join(repoRoot, "examples", "files", "nda.pdf");
const fields = [{ documentIndex: 0, apiId: "sig", name: "Signature", type: "signature", required: true, signer: 0, page: 1, x: 100, y: 600, width: 200, height: 40 }];

function program(): void {
  new esign.Team("team", { name: "Lagging" });
  new esign.ApiApp("app", { name: "Lagging portal", domains: ["portal.example.com"] });
  new esign.Template("nda", { title: "Lagging NDA", files: [nda], signerRoles: [{ name: "Client", order: 0 }], formFieldsPerDocument: fields });
}

describe("engine: the service hides new templates, API apps and teams from reads for several seconds", function () {
  this.timeout(300_000);
  let svc: LocalService;
  const stacks: TestStack[] = [];

  before(async () => {
    svc = await localService({ templateVisibilityDelayMs: HIDDEN_MS, apiAppVisibilityDelayMs: HIDDEN_MS, teamVisibilityDelayMs: HIDDEN_MS, templateProcessingMs: 50 });
  });
  after(async () => {
    await svc?.control("DELETE", "/faults");
    for (const t of stacks) await t.dispose();
    await svc?.close();
  });

  const table = async (name: string): Promise<any[]> => Object.values((await svc.control("GET", "/state"))[name] ?? {});

  /** What the account holds: its templates', apps' and team's ids. */
  async function held(accountId: string): Promise<{ templates: string[]; apps: string[]; teams: string[] }> {
    return {
      templates: (await table("templates")).filter((t) => t.owner_account_id === accountId).map((t) => t.template_id),
      apps: (await table("api_apps")).filter((a) => a.owner_account_id === accountId).map((a) => a.client_id),
      teams: (await table("teams")).filter((t) => t.members.some((m: any) => m.account_id === accountId)).map((t) => t.team_id),
    };
  }

  /** The reads the lag answered 404 since `seq` for `accountId`. */
  const hiddenReads = async (seq: number, accountId: string) => (await svc.requestsSince(seq, accountId)).filter((r) => r.method === "GET" && r.status === 404).length;

  async function upHoldsOneOfEach(name: string, apiKey: string, accountId: string): Promise<void> {
    const t = await newStack(name, program, { config: svc.stackConfig(apiKey) });
    stacks.push(t);
    const seq = await svc.lastSeq();
    const up = await t.stack.up();
    assert.strictEqual(changes(up.summary).create, 4, JSON.stringify(up.summary.resourceChanges)); // and the stack
    assert.ok((await hiddenReads(seq, accountId)) >= 3, "the service hid each new object at first");
    const account = await held(accountId);
    assert.deepStrictEqual(account.templates, [(await t.resource("nda")).templateId], "one template");
    assert.deepStrictEqual(account.apps, [(await t.resource("app")).clientId], "one app");
    assert.deepStrictEqual(account.teams, [(await t.resource("team")).teamId], "one team");
    const preview = await t.stack.preview({ expectNoChanges: true });
    assert.deepStrictEqual(preview.changeSummary, { same: 4 });
  }

  it("up exits 0 with one of each; a preview shows no change", async () => {
    await upHoldsOneOfEach("read-lag", svc.apiKey, svc.accountId);
  });

  it("a failure after the service made the template: the stack records it, a refresh right away does not drop it, the next up makes no second one", async () => {
    const other = await svc.control("POST", "/accounts", { plan: "premium" });
    const t = await newStack("read-lag-unfinished", program, { config: svc.stackConfig(other.api_key) });
    stacks.push(t);
    // The template's first read after its create fails (not the lag: a 400), once.
    await svc.control("POST", "/faults", { method: "GET", path: "/template/files_as_file_url/*", status: 400, error_name: "bad_request", error_msg: "Injected", count: 1 });
    await assert.rejects(t.stack.up(), (e: Error) => /the service made it \(\w+\), so the stack records it/.test(e.message));
    await svc.control("DELETE", "/faults");
    const made = await held(other.account_id);
    assert.strictEqual(made.templates.length, 1);
    assert.strictEqual((await t.resource("nda")).templateId, made.templates[0], "the engine recorded the template the service made");
    // A refresh right away (the service may still hide it): the recorded template is not taken for gone,
    // and the dynamic provider is found in its recorded outputs.
    const refresh = await t.stack.refresh();
    assert.strictEqual(refresh.summary.resourceChanges?.delete, undefined, JSON.stringify(refresh.summary.resourceChanges));
    const refreshed = await t.resource("nda");
    assert.strictEqual(refreshed.templateId, made.templates[0]);
    assert.ok(Array.isArray(refreshed.documents), "the refresh read the whole template");
    // The refresh's read finished it (the engine drops the init error), so nothing is left to do; without
    // the refresh the next up's update continues it (test/engine/native/read-lag.test.ts).
    const up = await t.stack.up();
    assert.deepStrictEqual(changes(up.summary), {}, JSON.stringify(up.summary.resourceChanges));
    assert.deepStrictEqual((await held(other.account_id)).templates, made.templates, "no second template");
    const preview = await t.stack.preview({ expectNoChanges: true });
    assert.deepStrictEqual(preview.changeSummary, { same: 4 });
  });

  it("the same when every create's answer is lost after the service made the object", async () => {
    const other = await svc.control("POST", "/accounts", { plan: "premium" });
    for (const p of ["/template/create", "/api_app", "/team/create"]) {
      await svc.control("POST", "/faults", { method: "POST", path: p, drop: true, after: true, count: 1 });
    }
    await upHoldsOneOfEach("read-lag-lost", other.api_key, other.account_id);
    const rules: any[] = (await svc.control("GET", "/faults")).faults;
    assert.deepStrictEqual(
      rules.map((r) => r.hits),
      [1, 1, 1],
      "every create's answer was lost",
    );
  });
});
