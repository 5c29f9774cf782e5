/**
 * The Go install path from the release artifacts: a Go user's program
 * (plugin-download/go, the twin of program.py) on the Go SDK module, its go.mod pointed at the
 * module with docs/development.md's `go mod edit -require ... -replace ...=<checkout>/sdk && go mod tidy`
 * (the stand-in for the tag sdk/v<version> until the first release), built with `go build` and
 * run as an Automation API inline program (D48: the Go language plugin cannot be fetched here),
 * with only `pulumi` and `go` on PATH. The engine downloads the plugin from the release host (a
 * local stand-in) once; up, an unchanged preview and destroy work against the local service.
 * (plugin-release.ts, D73.)
 */
import * as assert from "assert";
import { execFile } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { repoRoot } from "../engine/support/engine";
import { localService, type LocalService } from "../support/local";
import { goBinary, goEnv } from "../sdk/proof";
import { releaseFolder, runFromRelease, VERSION, type ReleaseProgram, assertSucceeded } from "./plugin-release";
import { runOk } from "./support";

const MODULE = "github.com/esign/pulumi-esign/sdk";

/** The Go lines for a checkout's module (docs/development.md, "Install paths"), with <checkout> this one. */
function readmeGoModLines(): string[][] {
  const readme = fs.readFileSync(path.join(repoRoot, "docs", "development.md"), "utf8");
  const m = /^(go mod edit -require \S+ \\\n\s+-replace \S+=<checkout>\/sdk) && (go mod tidy)/m.exec(readme);
  assert.ok(m, "docs/development.md has the `go mod edit -require ... -replace ...=<checkout>/sdk && go mod tidy` line");
  const edit = m[1]
    .replace(/\\\n\s+/, "")
    .replace("<checkout>", repoRoot)
    .split(/\s+/);
  return [edit, m[2].split(" ")];
}

/** The Go program copied into the work folder, its go.mod edited as the README says, built, then run per step. */
function goProgram(svc: LocalService): ReleaseProgram {
  const source = path.join(__dirname, "plugin-download", "go");
  const exe = (workDir: string) => path.join(workDir, "plugin-download");
  return {
    name: "go",
    tools: { go: goBinary() },
    async prepare(env, workDir) {
      for (const f of ["go.mod", "go.sum", "main.go"]) fs.copyFileSync(path.join(source, f), path.join(workDir, f));
      const goUser = { ...env, ...goEnv };
      for (const [cmd, ...args] of [...readmeGoModLines(), ["go", "build", "-o", exe(workDir), "."]]) {
        await runOk(path.join(env.PATH, cmd), args, { cwd: workDir, env: goUser });
      }
      const goMod = fs.readFileSync(path.join(workDir, "go.mod"), "utf8");
      assert.ok(goMod.includes(`replace ${MODULE} => ${path.join(repoRoot, "sdk")}`), goMod);
    },
    run: (step, env, workDir) =>
      new Promise((resolve, reject) => {
        const programEnv = { ...env, ESIGN_BASE_URL: svc.baseUrl, ESIGN_API_KEY: svc.apiKey, ESIGN_WORKDIR: workDir };
        execFile(exe(workDir), [step], { env: programEnv, encoding: "utf8", maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
          if (error) return reject(new Error(`the Go program's ${step} failed: ${error.message}\n${stderr.slice(-6000)}`));
          resolve(JSON.parse(stdout.trim().split("\n").pop()!).changes);
        });
      }),
  };
}

describe("the Go install path: the SDK module, the plugin from the release", function () {
  this.timeout(20 * 60_000);
  let svc: LocalService;

  before(async () => {
    releaseFolder();
    svc = await localService({ autoAcceptInvites: true });
  });
  after(async () => svc?.close());

  it("go build on the module; the engine downloads the plugin once; up, an unchanged preview and destroy work", async () => {
    const run = await runFromRelease(goProgram(svc), releaseFolder());
    assert.deepStrictEqual(run.commands, ["go", "pulumi"]);
    // provider, team, member, app, and the stack itself.
    assert.deepStrictEqual(run.changes.up, { create: 5 });
    assert.deepStrictEqual(run.changes.preview, {});
    assert.deepStrictEqual(run.changes.destroy, { delete: 5 });
    assert.strictEqual(run.archiveDownloads, 1, run.requests.join("\n"));
    assert.deepStrictEqual(run.installed, [`resource-esign-v${VERSION}`]);
    await assertSucceeded(svc, ["team.create", "team.add_member", "api_app.create", "api_app.delete", "team.destroy"]);
  });
});
