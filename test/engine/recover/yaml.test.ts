/**
 * A run of a native-plugin program cut off by SIGKILL, then `esign recover`, through the real
 * CLI, pulumi-language-yaml and pulumi-resource-esign: a Pulumi YAML program whose template goes
 * through an explicit provider holding another account's key (the stack's `esign:apiKey` is the
 * fax line's account, where no template went), and whose fax line goes through the default
 * provider. One killed run serves every case:
 * - both creates committed, then the kill: two `esign:index:*` pending creates;
 * - a template of the same title, roles and fields made outside the stack before the run makes
 *   the template's create ambiguous: recover (and --dry-run) exits 4 naming both candidates and
 *   changes nothing (the lock, the pending creates stay);
 * - the extra template deleted, recover --unlock records the template found in the explicit
 *   provider's account and the line in the stack's, by their ids; `up` then makes no second
 *   object, a preview shows no change.
 */
import * as assert from "assert";
import { Deployment } from "../../../provider/deployment/context";
import { resourceOperations } from "../../../provider/operations";
import { api, type LocalService } from "../../support/local";
import { fields, pdf } from "../support/native-support";
import { cutService, CutProject, kill, lineNumbers, templateIds } from "./cut-project";
import { roles, twoAccountYamlStack } from "./yaml-stack";

describe("engine: a YAML program (native plugin) cut off by SIGKILL, then esign recover", function () {
  this.timeout(900_000);
  let svc: LocalService;
  let other: { api_key: string; account_id: string };
  let p: CutProject;
  let twinId: string;
  const started = Date.now();

  const templatesOf = (key: string) => templateIds(svc, key);
  const linesOf = (key: string) => lineNumbers(svc, key);

  before(async () => {
    svc = await cutService();
    ({ p, other } = await twoAccountYamlStack(svc, "recover-yaml"));
    // A twin of the program's template, made outside the stack in the explicit provider's account.
    const d = new Deployment("native", { get: (k) => ({ "esign:apiKey": other.api_key, "esign:baseUrl": svc.baseUrl })[k], env: {} });
    const ops = resourceOperations("Template");
    const inputs = (await ops.check(d, {}, { title: "NDA", files: [pdf], signerRoles: roles, formFieldsPerDocument: fields })).inputs!;
    twinId = (await ops.create(d, inputs)).id;
  });
  after(async () => {
    if (process.env.SHOW_TIMES) console.log(`recover yaml suite: ${Math.round((Date.now() - started) / 1000)} s`);
    p?.dispose();
    await svc?.close();
  });

  it("the template's and the line's creates committed, then the kill: two native pending creates", async () => {
    await p.upCutOff([kill("/template/create"), kill("/fax_line/create")]);
    const state = await p.exported();
    assert.deepStrictEqual(state.pending.map((o) => o.urn.split("::").slice(-2).join("::")).sort(), ["esign:index:FaxLine::line", "esign:index:Template::nda"], JSON.stringify(state.pending));
    assert.strictEqual((await templatesOf(other.api_key)).length, 2, "the twin and the cut-off run's");
    assert.strictEqual((await linesOf(svc.apiKey)).length, 1);
    assert.deepStrictEqual(await templatesOf(svc.apiKey), [], "no template went to the stack key's account");
  });

  it("two candidates for the template: recover and --dry-run exit 4 naming both; nothing changes", async () => {
    const made = (await templatesOf(other.api_key)).filter((id) => id !== twinId);
    assert.strictEqual(made.length, 1);
    for (const args of [["--unlock"], ["--dry-run", "--unlock"]]) {
      const r = await p.recover(...args);
      assert.strictEqual(r.code, 4, r.stdout + r.stderr);
      assert.match(r.stdout, /^ambiguous Template "nda": 2 candidates: .*; nothing changed$/m, r.stdout);
      for (const id of [twinId, made[0]]) assert.match(r.stdout, new RegExp(`template "NDA" \\(${id}\\)`), r.stdout);
      assert.match(r.stdout, /would be recorded FaxLine "line": fax line \+1415/);
      assert.match(r.stderr, /matches several objects.*Nothing was changed/);
    }
    assert.strictEqual((await p.exported()).pending.length, 2, "the pending creates stay");
    assert.match((await p.recover()).stderr, /locked by a run that was cut off/, "the lock stays");
  });

  it("the twin deleted: recover --unlock records the template from the explicit provider's account and the line; up makes no second object", async () => {
    const del = await api(svc, other.api_key).post(`/template/delete/${twinId}`);
    assert.strictEqual(del.status, 200, JSON.stringify(del.data));
    const [template] = await templatesOf(other.api_key);
    const [number] = await linesOf(svc.apiKey);

    const r = await p.recover("--unlock");
    assert.strictEqual(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, new RegExp(`recorded {2}Template "nda": template "NDA" \\(${template}\\)`), r.stdout);
    assert.match(r.stdout, new RegExp(`recorded {2}FaxLine "line": fax line \\${number}`), r.stdout);
    const state = await p.exported();
    assert.deepStrictEqual(state.pending, []);
    const idOf = (name: string) => state.resources.find((x) => x.urn.endsWith(`::${name}`))?.id;
    assert.strictEqual(idOf("nda"), template);
    assert.strictEqual(idOf("line"), number);

    const up = await p.pulumi("up", "--yes", "--skip-preview", "--stack", "test");
    assert.strictEqual(up.code, 0, up.stdout + up.stderr);
    assert.doesNotMatch(up.stdout, /created/, up.stdout);
    assert.deepStrictEqual(await templatesOf(other.api_key), [template]);
    assert.deepStrictEqual(await linesOf(svc.apiKey), [number]);
    assert.deepStrictEqual(await templatesOf(svc.apiKey), []);
    const outputs = JSON.parse((await p.pulumi("stack", "output", "--json", "--stack", "test")).stdout);
    assert.deepStrictEqual(outputs, { templateId: template, number });
    const preview = await p.pulumi("preview", "--expect-no-changes", "--stack", "test");
    assert.strictEqual(preview.code, 0, preview.stdout + preview.stderr);
  });
});
