/**
 * Lost answers at scale, through the real engine (DECISIONS D90): the local service commits
 * every write, then drops the connection for 10% of them (a seeded ratio rule per method: the
 * same writes every run), during an `up` of 100 resources of every kind. That up ends without
 * an error; one more up changes nothing; the account holds exactly the declared objects, one
 * e-mail per invitation and per shared template; a preview shows no change; and a destroy under
 * the same faults leaves the account empty.
 */
import * as assert from "assert";
import * as path from "path";
import * as esign from "../../../provider";
import { changes, newStack, repoRoot, TestStack } from "../support/engine";
import { localService, LocalService } from "../../support/local";

const MEMBERS = 24;
const APPS = 20;
const TEMPLATES = 15;
const ACCESSES = 15;
const LINES = 10;
const LINE_USERS = 15;
const DECLARED = 1 + MEMBERS + APPS + TEMPLATES + ACCESSES + LINES + LINE_USERS;

const email = (i: number) => `person${i}@example.com`;
const nda = path.join(repoRoot, "examples", "files", "nda.pdf");
const fields = [{ documentIndex: 0, apiId: "sig", name: "Signature", type: "signature", required: true, signer: 0, page: 1, x: 100, y: 600, width: 200, height: 40 }];

function program(): void {
  const team = new esign.Team("team", { name: "Lossy" });
  const members = Array.from({ length: MEMBERS }, (_, i) => new esign.TeamMember(`m${i}`, { teamId: team.teamId, emailAddress: email(i) }));
  for (let i = 0; i < APPS; i++) new esign.ApiApp(`app${i}`, { name: `Lossy app ${i}`, domains: ["example.com"] });
  const templates = Array.from(
    { length: TEMPLATES },
    (_, i) => new esign.Template(`t${i}`, { title: `Lossy template ${i}`, files: [nda], signerRoles: [{ name: "Client", order: 0 }], formFieldsPerDocument: fields }),
  );
  for (let i = 0; i < ACCESSES; i++) {
    new esign.TemplateAccess(`t${i}:m${i}`, { templateId: templates[i].templateId, emailAddress: email(i) }, { dependsOn: [members[i]] });
  }
  const lines = Array.from({ length: LINES }, (_, i) => new esign.FaxLine(`line${i}`, { areaCode: 415, country: "US" }, { dependsOn: [team] }));
  for (let i = 0; i < LINE_USERS; i++) {
    new esign.FaxLineUser(`line${i % LINES}:m${i}`, { number: lines[i % LINES].number, emailAddress: email(i) }, { dependsOn: [members[i]] });
  }
}

describe("engine: 10% of the answers lost after the commit, 100 resources of every kind", function () {
  this.timeout(600_000);
  let svc: LocalService;
  let t: TestStack;

  before(async () => {
    // Invitations are accepted at once, so the grants of the same up find their people on the team.
    svc = await localService({ autoAcceptInvites: true, templateProcessingMs: 50, rateLimit: 100_000 });
    t = await newStack("lost-answers", program, { config: svc.stackConfig() });
  });
  after(async () => {
    await svc?.control("DELETE", "/faults");
    await t?.dispose();
    await svc?.close();
  });

  const table = async (name: string): Promise<any[]> => Object.values((await svc.control("GET", "/state"))[name] ?? {});
  const mails = async (kind: string): Promise<any[]> => (await svc.control("GET", `/outbox?kind=${kind}`)).emails;

  async function loseTenPercent(): Promise<void> {
    for (const [method, seed] of [
      ["POST", 11],
      ["PUT", 12],
      ["DELETE", 13],
    ] as const) {
      await svc.control("POST", "/faults", { method, path: "/**", drop: true, after: true, ratio: 0.1, seed });
    }
  }

  /** Answers lost so far (the rules' hits). */
  const lost = async () => ((await svc.control("GET", "/faults")).faults as any[]).reduce((n, r) => n + r.hits, 0);

  /** Which operations lost their answers since `since`, for the report: `template.create x3, ...`. */
  async function lostOperations(since: number): Promise<string> {
    const counts = new Map<string, number>();
    const entries: { fault?: boolean; operation: string | null }[] = await svc.requestsSince(since);
    for (const r of entries) if (r.fault) counts.set(String(r.operation), (counts.get(String(r.operation)) ?? 0) + 1);
    return [...counts].map(([op, n]) => `${op} x${n}`).join(", ");
  }

  it("up ends with exactly the declared objects; one more up and a preview change nothing", async () => {
    await loseTenPercent();
    const since = await svc.lastSeq();
    const started = Date.now();
    const first = await t.stack.up();
    const upSeconds = (Date.now() - started) / 1000;
    const lostInUp = await lost();
    assert.strictEqual(changes(first.summary).create, DECLARED + 1, JSON.stringify(first.summary.resourceChanges)); // and the stack
    assert.ok(lostInUp >= 10, `answers were lost (${lostInUp})`);
    console.log(`      up of ${DECLARED} resources, ${lostInUp} answers lost (${await lostOperations(since)}): ${upSeconds.toFixed(1)} s`);

    const second = await t.stack.up();
    assert.deepStrictEqual(changes(second.summary), {}, JSON.stringify(second.summary.resourceChanges));
    await svc.control("DELETE", "/faults");

    const account = svc.accountId;
    const teams = await table("teams");
    assert.strictEqual(teams.length, 1, "one team");
    assert.strictEqual(teams[0].members.length, 1 + MEMBERS, "the caller and every declared member");
    assert.strictEqual((await mails("team_invite")).length, MEMBERS, "one invitation e-mail per member");
    const apps = (await table("api_apps")).filter((a) => a.owner_account_id === account);
    assert.deepStrictEqual(apps.map((a) => a.name).sort(), Array.from({ length: APPS }, (_, i) => `Lossy app ${i}`).sort(), "exactly the declared apps");
    const templates = await table("templates");
    assert.deepStrictEqual(templates.map((x) => x.title).sort(), Array.from({ length: TEMPLATES }, (_, i) => `Lossy template ${i}`).sort(), "exactly the declared templates");
    assert.strictEqual(
      templates.reduce((n, x) => n + x.accounts.length - 1, 0),
      ACCESSES,
      "one access per TemplateAccess",
    );
    assert.strictEqual((await mails("template_shared")).length, ACCESSES, "one e-mail per shared template");
    const lines = await table("fax_lines");
    assert.strictEqual(lines.length, LINES, "exactly the declared lines: none bought twice");
    assert.strictEqual(
      lines.reduce((n, l) => n + l.accounts.length - 1, 0),
      LINE_USERS,
      "one user per FaxLineUser",
    );

    await t.stack.refresh();
    const preview = await t.stack.preview({ expectNoChanges: true });
    assert.deepStrictEqual(preview.changeSummary, { same: DECLARED + 1 });
  });

  it("a destroy under the same faults leaves the account empty", async () => {
    await loseTenPercent();
    const since = await svc.lastSeq();
    const started = Date.now();
    await t.stack.destroy();
    const lostInDestroy = await lost();
    console.log(`      destroy, ${lostInDestroy} answers lost (${await lostOperations(since)}): ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await svc.control("DELETE", "/faults");
    assert.deepStrictEqual(await table("teams"), []);
    assert.deepStrictEqual((await table("api_apps")).length, 0);
    assert.deepStrictEqual((await table("templates")).length, 0);
    assert.deepStrictEqual((await table("fax_lines")).length, 0);
  });
});
