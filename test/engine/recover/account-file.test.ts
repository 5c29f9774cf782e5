/**
 * The account file's program (the repo's Pulumi.yaml and index.ts over account.yaml, as `npm
 * run up` and the CI recipes run it, the key in ESIGN_API_KEY) cut off by SIGKILL right after
 * the service committed the team, the app, the template and the fax line, then `esign recover
 * --unlock`: each is recorded by its id, `up` adds only the people and grants (nothing made
 * twice) and a preview shows no change.
 */
import * as assert from "assert";
import { api, type LocalService } from "../../support/local";
import { topLevelStack, type TopLevelStack } from "../../support/account-file";
import { repoRoot } from "../support/engine";
import { cutService, cutStack, CutProject, kill, lineNumbers, templateIds } from "./cut-project";

describe("engine: the account file's up cut off by SIGKILL, then esign recover", function () {
  this.timeout(900_000);
  let svc: LocalService;
  let top: TopLevelStack;
  let p: CutProject;
  const started = Date.now();

  const account = async () => ({
    team: (await api(svc).get("/team")).data.team?.name,
    apps: ((await api(svc).get("/api_app/list", { params: { page_size: 100 } })).data.api_apps ?? []).map((a: { client_id: string }) => a.client_id),
    templates: await templateIds(svc),
    lines: await lineNumbers(svc),
  });

  before(async () => {
    svc = await cutService({ autoAcceptInvites: true });
    top = await topLevelStack(svc);
    const init = await top.run("stack", "init", top.name);
    assert.strictEqual(init.code, 0, init.stderr);
    p = cutStack(svc, { dir: repoRoot, env: top.env, stack: top.name, dispose: () => undefined });
  });
  after(async () => {
    if (process.env.SHOW_TIMES) console.log(`recover account-file suite: ${Math.round((Date.now() - started) / 1000)} s`);
    await top?.remove();
    await svc?.close();
  });

  it("the team's, app's, template's and line's creates committed, then the kill; recover records each; up makes nothing twice", async () => {
    await p.upCutOff([kill("/team/create"), kill("/api_app"), kill("/template/create"), kill("/fax_line/create")]);
    const cut = await p.exported();
    assert.deepStrictEqual(cut.pending.map((o) => o.urn.split("::").pop()).sort(), ["app:portal", "fax:main", "team", "template:nda"], JSON.stringify(cut.pending));
    const made = await account();
    assert.deepStrictEqual([made.team, made.apps.length, made.templates.length, made.lines.length], ["Acme Signing Ops", 1, 1, 1]);

    const r = await p.recover("--unlock");
    assert.strictEqual(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /recorded {2}Team "team": team "Acme Signing Ops"/);
    assert.match(r.stdout, new RegExp(`recorded {2}ApiApp "app:portal": API app "Customer portal" \\(client id ${made.apps[0]}\\)`));
    assert.match(r.stdout, new RegExp(`recorded {2}Template "template:nda": template "Mutual NDA" \\(${made.templates[0]}\\)`));
    assert.match(r.stdout, new RegExp(`recorded {2}FaxLine "fax:main": fax line \\${made.lines[0]}`));
    const state = await p.exported();
    assert.deepStrictEqual(state.pending, []);
    const idOf = (name: string) => state.resources.find((x) => x.urn.endsWith(`::${name}`))?.id;
    assert.deepStrictEqual([idOf("app:portal"), idOf("template:nda"), idOf("fax:main")], [made.apps[0], made.templates[0], made.lines[0]]);

    const up = await top.run("up", "--yes", "--skip-preview", "--stack", top.name);
    assert.strictEqual(up.code, 0, up.stdout + up.stderr);
    assert.match(up.stdout, /7 created/, up.stdout); // three members, two template grants, two line users
    assert.deepStrictEqual(await account(), made, "no second team, app, template or line");
    const preview = await top.run("preview", "--expect-no-changes", "--stack", top.name);
    assert.strictEqual(preview.code, 0, preview.stdout + preview.stderr);
  });
});
