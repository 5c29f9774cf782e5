/**
 * Runs cut off mid-way, through the real CLI: `pulumi up` is killed (SIGKILL, its whole process
 * group) right after the service committed its creates and before their answers came back. The
 * stack is then locked (file backend) and holds pending creates. `esign recover` says the stack
 * is locked, clears the lock with --unlock, records each object the cut-off run made (API app,
 * team, template, fax line), clears the pending creates of team members and grants (their
 * creates are idempotent: the next `up` takes them over in place) and of a create that made
 * nothing (an app create is never ambiguous: the service refuses a second app of one name).
 * After it, `up` makes no second object and a preview shows no change. Three killed runs serve
 * every case (each kill's rules cover several kinds at once; a pending create dropped by one
 * recover is made, and cut off, by the next run). A native program's (YAML) and the account
 * file's cut-off runs: yaml.test.ts, account-file.test.ts.
 */
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { api, type LocalService } from "../../support/local";
import { repoRoot } from "../support/engine";
import { cutProject, cutService, CutProject, kill } from "./cut-project";

const nda = path.join(repoRoot, "examples", "files", "nda.pdf");
const fields = [{ documentIndex: 0, apiId: "sig", name: "Signature", type: "signature", required: true, signer: 0, page: 1, x: 100, y: 600, width: 200, height: 40 }];

/** The program: every kind; extra.json (written by the tests) adds a person with a membership and both grants, and two more apps. */
const PROGRAM = `
const esign = require("pulumi-esign");
const fs = require("fs");
const extra = fs.existsSync(__dirname + "/extra.json") ? JSON.parse(fs.readFileSync(__dirname + "/extra.json", "utf8")) : {};
const team = new esign.Team("team", { name: "Ops" });
const app = new esign.ApiApp("portal", { name: "Portal", domains: ["portal.example.com"] });
const nda = new esign.Template("nda", { title: "NDA", files: [${JSON.stringify(nda)}], signerRoles: [{ name: "Client", order: 0 }], formFieldsPerDocument: ${JSON.stringify(fields)} });
const line = new esign.FaxLine("line", { areaCode: 415, country: "US" });
for (const who of ["carol", ...(extra.person ? [extra.person] : [])]) {
  const email = who + "@example.com";
  const member = new esign.TeamMember("member:" + who, { teamId: team.teamId, emailAddress: email });
  if (extra.noGrantsFor === who) continue;
  new esign.TemplateAccess("nda:" + who, { templateId: nda.templateId, emailAddress: email }, { dependsOn: [member] });
  new esign.FaxLineUser("line:" + who, { number: line.number, emailAddress: email }, { dependsOn: [member] });
}
if (extra.apps) for (const n of ["a", "b"]) new esign.ApiApp("extra-" + n, { name: "Extra " + n, domains: ["extra.example.com"] });
exports.clientId = app.clientId;
exports.number = line.number;
`;

async function account(svc: LocalService) {
  const apps = (await api(svc).get("/api_app/list", { params: { page_size: 100 } })).data.api_apps ?? [];
  const templates = (await api(svc).get("/template/list", { params: { page_size: 100 } })).data.templates ?? [];
  const lines = (await api(svc).get("/fax_line/list", { params: { page_size: 100 } })).data.fax_lines ?? [];
  const team = (await api(svc).get("/team")).data.team;
  const me = (await api(svc).get("/account")).data.account.email_address;
  return {
    apps: apps.map((a: { name: string }) => a.name).sort(),
    templates: templates.map((t: { title: string }) => t.title).sort(),
    lines: lines.length,
    // Everyone on the team but the key's own account.
    people: [...(team?.accounts ?? []), ...(team?.invited_accounts ?? [])]
      .map((a: { email_address: string }) => a.email_address)
      .filter((e: string) => e !== me)
      .sort(),
  };
}

describe("engine: a run cut off by SIGKILL, then esign recover (real CLI)", function () {
  this.timeout(900_000);
  let svc: LocalService;
  let p: CutProject;
  const started = Date.now();

  before(async () => {
    svc = await cutService({ autoAcceptInvites: true });
    p = await cutProject(svc, "recover-cut", PROGRAM);
  });
  after(async () => {
    if (process.env.SHOW_TIMES) console.log(`recover suite: ${Math.round((Date.now() - started) / 1000)} s`);
    p?.dispose();
    await svc?.close();
  });

  it("every kind's create committed, then the kill: the stack is locked and holds four pending creates", async () => {
    await p.upCutOff([kill("/team/create"), kill("/api_app"), kill("/template/create"), kill("/fax_line/create")]);
    const state = await p.exported();
    assert.deepStrictEqual(state.pending.map((o) => o.urn.split("::").pop()).sort(), ["line", "nda", "portal", "team"], JSON.stringify(state.pending));
    assert.deepStrictEqual(await account(svc), { apps: ["Portal"], templates: ["NDA"], lines: 1, people: [] }, "the cut-off run made one of each");
  });

  it("recover says the stack is locked and changes nothing without --unlock", async () => {
    const r = await p.recover();
    assert.strictEqual(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stderr, /locked by a run that was cut off .*pid \d+.*--unlock/);
    assert.strictEqual((await p.exported()).pending.length, 4);
  });

  it("--dry-run prints what it would do and changes nothing", async () => {
    const r = await p.recover("--dry-run", "--unlock");
    assert.strictEqual(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /would unlock stack test/);
    for (const [kind, name] of [
      ["ApiApp", "portal"],
      ["Team", "team"],
      ["Template", "nda"],
      ["FaxLine", "line"],
    ]) {
      assert.match(r.stdout, new RegExp(`would be recorded ${kind} "${name}": `), r.stdout);
    }
    assert.strictEqual((await p.exported()).pending.length, 4);
    assert.strictEqual((await p.recover()).code, 1, "still locked");
  });

  it("recover --unlock records each object; up then makes no second one and a preview shows no change", async () => {
    const r = await p.recover("--unlock");
    assert.strictEqual(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /unlocked stack test/);
    assert.match(r.stdout, /recorded {2}ApiApp "portal": API app "Portal" \(client id \w+\)/);
    assert.match(r.stdout, /recorded {2}Team "team": team "Ops"/);
    assert.match(r.stdout, /recorded {2}Template "nda": template "NDA"/);
    assert.match(r.stdout, /recorded {2}FaxLine "line": fax line \+1415/);
    assert.deepStrictEqual((await p.exported()).pending, []);

    const up = await p.pulumi("up", "--yes", "--skip-preview", "--stack", "test");
    assert.strictEqual(up.code, 0, up.stdout + up.stderr);
    assert.match(up.stdout, /3 created/, up.stdout); // carol's membership and her two grants; nothing else
    assert.deepStrictEqual(await account(svc), { apps: ["Portal"], templates: ["NDA"], lines: 1, people: ["carol@example.com"] });
    const preview = await p.pulumi("preview", "--expect-no-changes", "--stack", "test");
    assert.strictEqual(preview.code, 0, preview.stdout + preview.stderr);
  });

  const extra = (value: object) => fs.writeFileSync(path.join(p.dir, "extra.json"), JSON.stringify(value));
  const upQuietly = async () => {
    const up = await p.pulumi("up", "--yes", "--skip-preview", "--stack", "test");
    assert.strictEqual(up.code, 0, up.stdout + up.stderr);
    return up;
  };
  const noChange = async () => {
    const preview = await p.pulumi("preview", "--expect-no-changes", "--stack", "test");
    assert.strictEqual(preview.code, 0, preview.stdout + preview.stderr);
  };

  it("one run cut off with a membership committed and two app creates, one committed and one not: esign drift names them; recover clears the membership (idempotent), records one app and clears the other (a twin app cannot be made: names are unique)", async () => {
    extra({ person: "dave", noGrantsFor: "dave", apps: true });
    await p.upCutOff([kill("/team/add_member", "PUT"), { method: "POST", path: "/api_app", committed: false }, { method: "POST", path: "/api_app", committed: true }]);
    assert.deepStrictEqual((await p.exported()).pending.map((o) => o.urn.split("::").pop()).sort(), ["extra-a", "extra-b", "member:dave"]);
    const made = (await account(svc)).apps.filter((n: string) => n.startsWith("Extra"));
    assert.strictEqual(made.length, 1, `one of the two apps was made: ${made}`);
    const madeKey = made[0] === "Extra a" ? "extra-a" : "extra-b";
    const otherKey = madeKey === "extra-a" ? "extra-b" : "extra-a";

    assert.strictEqual((await p.recover("--dry-run")).code, 1, "still locked: named, nothing done");
    await p.pulumi("cancel", "--yes", "--stack", "test");
    const report = await p.drift("--stack", "test");
    assert.strictEqual(report.code, 2, report.stdout + report.stderr);
    assert.match(report.stdout, /stack test: 3 pending operations from a run that was cut off \((creating (extra-.|member:dave)(, )?){3}\): run `esign recover` before `pulumi up`/);
    const json = JSON.parse((await p.drift("--stack", "test", "--format", "json")).stdout);
    assert.deepStrictEqual(json.pendingOperations.sort(), ["creating extra-a", "creating extra-b", "creating member:dave"]);

    // A twin of the made app cannot exist: the service refuses a second app of one name (recorded:
    // real-service-evidence.md §2), so an app create is never ambiguous; templates can be (yaml.test.ts).
    const twin = await api(svc).post("/api_app", { name: made[0], domains: ["extra.example.com"] });
    assert.strictEqual(twin.status, 400, JSON.stringify(twin.data));
    assert.match(JSON.stringify(twin.data), /An app with the same name already exists/);
    let r = await p.recover("--dry-run");
    assert.strictEqual(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, new RegExp(`would be cleared ApiApp "${otherKey}": the create made nothing`));
    assert.match(r.stdout, /would be cleared TeamMember "member:dave"/);

    r = await p.recover();
    assert.strictEqual(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /cleared {3}TeamMember "member:dave": the next up takes it over in place/);
    assert.match(r.stdout, new RegExp(`recorded  ApiApp "${madeKey}"`));
    assert.match(r.stdout, new RegExp(`cleared   ApiApp "${otherKey}": the create made nothing`));
    assert.deepStrictEqual((await p.exported()).pending, []);
    otherApp = otherKey;
  });

  let otherApp = "";

  it("the next run cut off with both grants and the app made this time committed: recover clears the grants (idempotent) and records the app; up takes the grants over once", async () => {
    extra({ person: "dave", apps: true });
    // dave's membership (cleared above) is taken over first: the grants wait for it.
    await p.upCutOff([kill("/template/add_user/*"), kill("/fax_line/add_user", "PUT"), kill("/api_app")]);
    const pending = (await p.exported()).pending.map((o) => o.urn.split("::").pop()).sort();
    assert.deepStrictEqual(pending, [otherApp, "line:dave", "nda:dave"].sort());
    const r = await p.recover("--unlock");
    assert.strictEqual(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /cleared {3}TemplateAccess "nda:dave"/);
    assert.match(r.stdout, /cleared {3}FaxLineUser "line:dave"/);
    assert.match(r.stdout, new RegExp(`recorded  ApiApp "${otherApp}"`));
    const up = await upQuietly();
    assert.match(up.stdout, /2 created/, up.stdout); // dave's two grants
    assert.deepStrictEqual(await account(svc), { apps: ["Extra a", "Extra b", "Portal"], templates: ["NDA"], lines: 1, people: ["carol@example.com", "dave@example.com"] });
    await noChange();
    const clean = await p.drift("--stack", "test");
    assert.strictEqual(clean.code, 0, clean.stdout + clean.stderr);
  });
});
