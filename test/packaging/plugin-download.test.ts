/**
 * The engine finds and installs the plugin by itself: a Python user's program on the release's
 * pulumi_esign wheel, pip-installed into a fresh venv, with nothing of this checkout and no
 * Node.js on the engine's PATH,
 * gets the plugin from the release host the SDK names (pluginDownloadURL, here a local stand-in),
 * once, and manages resources on the local service with it. Also `pulumi plugin install --file`
 * of a release archive. (plugin-release.ts; DECISIONS.md D51.)
 */
import * as assert from "assert";
import { execFile, execFileSync } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { localBackendEnv, pinnedPulumiVersion, pulumiBinDir, repoRoot } from "../engine/support/engine";
import { localService, type LocalService } from "../support/local";
import { cliOnlyPath, releaseFolder, releaseSdkWheel, runFromRelease, VERSION, type ReleaseProgram, assertSucceeded } from "./plugin-release";
import { runOk, tempDir } from "./support";

/**
 * A user's venv: `pip install pulumi==<the CLI's version> <the release's wheel>`, as docs/development.md's
 * Python line with the wheel for the checkout (dependencies from PyPI, nothing of this checkout).
 */
function userVenv(wheel: string): string {
  const dir = tempDir("user-venv");
  process.on("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
  const venv = path.join(dir, "venv");
  const pinned = pinnedPulumiVersion();
  execFileSync("python3", ["-m", "venv", venv], { stdio: ["ignore", "ignore", "inherit"] });
  const python = path.join(venv, "bin", "python");
  execFileSync(python, ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", `pulumi==${pinned}`, wheel], { stdio: ["ignore", "ignore", "inherit"] });
  return python;
}

/** The Python program (plugin-download/program.py) on the SDK in `python`'s venv. */
function pythonProgram(svc: LocalService, python: string, sdkSeen: Set<string>): ReleaseProgram {
  const script = path.join(__dirname, "plugin-download", "program.py");
  return {
    name: "python",
    run: (step, env, workDir) =>
      new Promise((resolve, reject) => {
        const programEnv = { ...env, ESIGN_BASE_URL: svc.baseUrl, ESIGN_API_KEY: svc.apiKey, ESIGN_WORKDIR: workDir };
        execFile(python, [script, step], { env: programEnv, encoding: "utf8", maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
          if (error) return reject(new Error(`program.py ${step} failed: ${error.message}\n${stderr.slice(-6000)}`));
          const result = JSON.parse(stdout.trim().split("\n").pop()!);
          sdkSeen.add(result.sdk);
          resolve(result.changes);
        });
      }),
  };
}

describe("the plugin from its release archive (no checkout, no Node.js)", function () {
  this.timeout(20 * 60_000);
  let releases: string;
  let archive: string;

  before(() => {
    // The process's one release folder, shared with the other install paths' suites (plugin-*.test.ts).
    releases = releaseFolder();
    archive = path.join(releases, `pulumi-resource-esign-v${VERSION}-linux-amd64.tar.gz`);
    assert.ok(fs.existsSync(archive), archive);
  });

  it("a Python program on the release's wheel: the engine downloads the plugin once, then up, an unchanged preview and destroy work", async () => {
    const svc = await localService({ autoAcceptInvites: true });
    try {
      const wheel = releaseSdkWheel();
      assert.strictEqual(path.dirname(wheel), releases, "the wheel is the release folder's");
      const python = userVenv(wheel);
      const sdkSeen = new Set<string>();
      const run = await runFromRelease(pythonProgram(svc, python, sdkSeen), releases);
      // The SDK came from the user's venv (pip's install of the release's wheel), not sdk/python.
      assert.strictEqual(sdkSeen.size, 1);
      const [sdk] = sdkSeen;
      const userSitePackages = path.join(path.dirname(path.dirname(python)), "lib");
      assert.ok(sdk.startsWith(userSitePackages) && sdk.includes(`${path.sep}site-packages${path.sep}`) && !sdk.startsWith(repoRoot), sdk);
      const installedJson = JSON.parse(fs.readFileSync(path.join(sdk, "pulumi-plugin.json"), "utf8"));
      assert.deepStrictEqual(installedJson, { resource: true, name: "esign", version: VERSION, server: "github://api.github.com/esign/pulumi-esign" });

      // provider, team, member, app, and the stack itself.
      assert.deepStrictEqual(run.changes.up, { create: 5 });
      assert.deepStrictEqual(run.changes.preview, {});
      assert.deepStrictEqual(run.changes.destroy, { delete: 5 });
      assert.deepStrictEqual(run.commands, ["pulumi"]);
      assert.strictEqual(run.archiveDownloads, 1, run.requests.join("\n"));
      assert.deepStrictEqual(run.installed, [`resource-esign-v${VERSION}`]);
      // The resources were made on the service and are gone again.
      await assertSucceeded(svc, ["team.create", "team.add_member", "api_app.create", "api_app.delete", "team.destroy"]);
    } finally {
      await svc.close();
    }
  });

  it("`pulumi plugin install resource esign <version> --file <archive>` installs a plugin that serves", async () => {
    const dir = tempDir("plugin-install");
    try {
      const backend = localBackendEnv(dir);
      const env = { ...backend, PATH: cliOnlyPath(dir) };
      await runOk(path.join(pulumiBinDir(), "pulumi"), ["plugin", "install", "resource", "esign", VERSION, "--file", archive], { cwd: dir, env });
      const listed = JSON.parse((await runOk(path.join(pulumiBinDir(), "pulumi"), ["plugin", "ls", "--json"], { cwd: dir, env })).stdout);
      assert.deepStrictEqual(
        listed.map((p: { name: string; kind: string; version: string }) => [p.kind, p.name, p.version]),
        [["resource", "esign", VERSION]],
      );
      const exe = path.join(backend.PULUMI_HOME, "plugins", `resource-esign-v${VERSION}`, "pulumi-resource-esign");
      // The installed executable is the plugin: it serves gRPC and prints its port, with no node on PATH.
      const port = await new Promise<string>((resolve, reject) => {
        const child = execFile(exe, [], { env: { PATH: env.PATH } });
        let out = "";
        const timer = setTimeout(() => {
          child.kill();
          reject(new Error(`no port line from ${exe} in 60 s: ${out}`));
        }, 60_000);
        child.stdout!.on("data", (d) => {
          out += d;
          if (out.includes("\n")) {
            clearTimeout(timer);
            child.kill();
            resolve(out.trim());
          }
        });
      });
      assert.match(port, /^\d+$/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
