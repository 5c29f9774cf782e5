/**
 * An Automation API inline program on the native classes (inline-program.ts: the template through
 * an explicit provider of another account, the line through the default one), its `up` run in a
 * process of its own and killed (SIGKILL, the whole tree: the Node.js process that serves the
 * program, the CLI, the plugin) right after the service committed the template's and the fax
 * line's creates. The CLI cannot run an inline program, so `esign recover --no-run-program`
 * records both and reads them with the provider settings the state holds; the stack's next `up`
 * (the Automation API, in this process) then makes no second object and a preview shows no change.
 */
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type { Stack } from "@pulumi/pulumi/automation";
import { changes, localBackendEnv, pulumiBinDir, repoRoot } from "../support/engine";
import { pluginBinDir } from "../support/native-support";
import type { LocalService } from "../../support/local";
import { cutService, cutStack, CutProject, kill, lineNumbers, templateIds } from "./cut-project";
import { inlineStack } from "./inline-program";

describe("engine: an Automation API inline program (native classes) cut off by SIGKILL, then esign recover", function () {
  this.timeout(900_000);
  let svc: LocalService;
  let stack: Stack;
  let p: CutProject;
  let other: { api_key: string };
  const started = Date.now();

  const templates = (key = other.api_key) => templateIds(svc, key);
  const lines = () => lineNumbers(svc);

  before(async () => {
    svc = await cutService();
    other = await svc.control("POST", "/accounts", { email_address: "other@example.com", plan: "standard" });
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "esign-recover-inline-"));
    const workDir = path.join(root, "work");
    fs.mkdirSync(workDir);
    const env = localBackendEnv(root);
    env.PATH = `${pluginBinDir()}:${pulumiBinDir()}:${process.env.PATH}`;
    stack = await inlineStack(workDir, env);
    for (const [key, v] of Object.entries({ ...svc.stackConfig(), "esign:requestsPerMinute": { value: "60000" }, otherKey: { value: other.api_key, secret: true } })) {
      await stack.setConfig(key, { value: v.value, secret: (v as { secret?: boolean }).secret ?? false });
    }
    const up = [process.execPath, "-r", require.resolve("ts-node/register/transpile-only"), path.join(__dirname, "inline-program.ts"), workDir];
    p = cutStack(svc, { dir: workDir, env, stack: "test", up, dispose: () => fs.rmSync(root, { recursive: true, force: true }) });
  });
  after(async () => {
    if (process.env.SHOW_TIMES) console.log(`recover inline suite: ${Math.round((Date.now() - started) / 1000)} s`);
    p?.dispose();
    await svc?.close();
  });

  it("the template's and the line's creates committed, then the kill; recover --no-run-program records both; up makes nothing twice", async () => {
    // ts-node in the killed process compiles with the checkout's settings (its cwd is the work dir).
    await p.upCutOff([kill("/template/create"), kill("/fax_line/create")], { TS_NODE_PROJECT: path.join(repoRoot, "tsconfig.json") });
    const cut = await p.exported();
    assert.deepStrictEqual(cut.pending.map((o) => o.urn.split("::").slice(-2).join("::")).sort(), ["esign:index:FaxLine::line", "esign:index:Template::nda"], JSON.stringify(cut.pending));
    const [template] = await templates();
    const [number] = await lines();

    const r = await p.recover("--unlock", "--no-run-program");
    assert.strictEqual(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, new RegExp(`recorded {2}Template "nda": template "NDA" \\(${template}\\)`), r.stdout);
    assert.match(r.stdout, new RegExp(`recorded {2}FaxLine "line": fax line \\${number}`), r.stdout);
    const state = await p.exported();
    assert.deepStrictEqual(state.pending, []);
    const idOf = (name: string) => state.resources.find((x) => x.urn.endsWith(`::${name}`))?.id;
    assert.deepStrictEqual([idOf("nda"), idOf("line")], [template, number]);

    const up = await stack.up();
    assert.strictEqual(changes(up.summary).create, undefined, JSON.stringify(up.summary));
    assert.deepStrictEqual([up.outputs.templateId.value, up.outputs.number.value], [template, number]);
    assert.deepStrictEqual([await templates(), await lines()], [[template], [number]], "no second template or line");
    assert.deepStrictEqual(await templates(svc.apiKey), [], "no template in the default provider's account");
    await stack.preview({ expectNoChanges: true });
  });
});
