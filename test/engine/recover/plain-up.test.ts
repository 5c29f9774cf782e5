/**
 * A plain `pulumi up` after a cut-off run, for the native plugin (DECISIONS D96), through the real
 * CLI, pulumi-language-yaml and pulumi-resource-esign: users run it before reading the engine's
 * pending-operations warning. A Pulumi YAML program whose template goes through an explicit
 * provider of another account and whose fax line goes through the default provider; its `up` is
 * killed (SIGKILL) after both creates were committed. The engine then asks for `pulumi cancel`;
 * after it, a plain `up` (no recover) adopts the template the cut-off run made (the plugin reads
 * the stack's checkpoint: PULUMI_PROJECT, the lock of its ancestor CLI) with a warning naming it,
 * and the fax line's create stops in one line naming `esign recover` instead of buying a second
 * line. Then `esign recover --unlock` and `up`: nothing made twice, a preview shows no change.
 */
import * as assert from "assert";
import type { LocalService } from "../../support/local";
import { cutService, CutProject, kill, lineNumbers, templateIds } from "./cut-project";
import { twoAccountYamlStack } from "./yaml-stack";

describe("engine: a plain pulumi up after a YAML program's (native plugin) run was cut off", function () {
  this.timeout(900_000);
  let svc: LocalService;
  let other: { api_key: string };
  let p: CutProject;
  let template = "";
  let number = "";
  const started = Date.now();

  const templatesOf = (key: string) => templateIds(svc, key);
  const linesOf = (key: string) => lineNumbers(svc, key);
  const up = () => p.pulumi("up", "--yes", "--skip-preview", "--stack", "test");

  before(async () => {
    svc = await cutService();
    ({ p, other } = await twoAccountYamlStack(svc, "plain-up-yaml"));
  });
  after(async () => {
    if (process.env.SHOW_TIMES) console.log(`plain up after a cut-off run (yaml) suite: ${Math.round((Date.now() - started) / 1000)} s`);
    p?.dispose();
    await svc?.close();
  });

  it("the template's and the line's creates committed, then the kill: two native pending creates, one of each object", async () => {
    await p.upCutOff([kill("/template/create"), kill("/fax_line/create")]);
    const state = await p.exported();
    assert.deepStrictEqual(state.pending.map((o) => o.urn.split("::").slice(-2).join("::")).sort(), ["esign:index:FaxLine::line", "esign:index:Template::nda"], JSON.stringify(state.pending));
    [template] = await templatesOf(other.api_key);
    [number] = await linesOf(svc.apiKey);
    assert.ok(template && number);
  });

  it("pulumi cancel, then a plain up: the template is adopted with a warning naming it; the line's create stops in one line naming esign recover; no second object", async () => {
    const cancel = await p.pulumi("cancel", "--yes", "--stack", "test");
    assert.strictEqual(cancel.code, 0, cancel.stdout + cancel.stderr);
    const r = await up();
    const output = r.stdout + r.stderr;
    assert.notStrictEqual(r.code, 0, output);
    assert.match(output, new RegExp(`warning: esign: Template "nda" adopted template "NDA" \\(${template}\\): the run that was cut off made it`), output);
    const refusal = output.split("\n").filter((l) => /FaxLine "line": a run that was cut off left this create pending/.test(l));
    assert.ok(refusal.length > 0, output);
    for (const line of refusal) assert.match(line, new RegExp(`fax line \\${number}.*not making a second one: run \`esign recover\``), line);
    assert.deepStrictEqual(await templatesOf(other.api_key), [template], "no second template");
    assert.deepStrictEqual(await linesOf(svc.apiKey), [number], "no second line bought");
    assert.deepStrictEqual(await templatesOf(svc.apiKey), [], "no template in the default provider's account");
    const state = await p.exported();
    assert.strictEqual(state.resources.find((x) => x.urn.endsWith("::nda"))?.id, template, "the adopted template is recorded");
    assert.strictEqual(
      state.resources.find((x) => x.urn.endsWith("::line")),
      undefined,
      "no line recorded",
    );
  });

  it("esign recover --unlock records the line, then up makes nothing twice and a preview shows no change", async () => {
    const r = await p.recover("--unlock");
    assert.strictEqual(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /cleared {3}Template "nda": a later run already recorded it/, r.stdout);
    assert.match(r.stdout, new RegExp(`recorded {2}FaxLine "line": fax line \\${number}`), r.stdout);
    const state = await p.exported();
    assert.deepStrictEqual(state.pending, []);
    const idOf = (name: string) => state.resources.find((x) => x.urn.endsWith(`::${name}`))?.id;
    assert.deepStrictEqual([idOf("nda"), idOf("line")], [template, number]);

    const again = await up();
    assert.strictEqual(again.code, 0, again.stdout + again.stderr);
    assert.doesNotMatch(again.stdout, /created/, again.stdout);
    assert.deepStrictEqual(await templatesOf(other.api_key), [template]);
    assert.deepStrictEqual(await linesOf(svc.apiKey), [number]);
    const outputs = JSON.parse((await p.pulumi("stack", "output", "--json", "--stack", "test")).stdout);
    assert.deepStrictEqual(outputs, { templateId: template, number });
    const preview = await p.pulumi("preview", "--expect-no-changes", "--stack", "test");
    assert.strictEqual(preview.code, 0, preview.stdout + preview.stderr);
  });
});
