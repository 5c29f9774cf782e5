/**
 * The self-contained `esign` executable (scripts/build-esign, D108) runs where nothing of ours is:
 * its linux-amd64 archive unpacked into an empty folder, run with a PATH holding only that folder
 * (no node, no npm, no checkout) from an empty working directory. It prints its version and help,
 * exits 64 on a typo, and exports an account from a local service; with the pulumi CLI (and node, for
 * the program) on PATH, it reports a stack's drift through the bundled Automation API. (The archive
 * build is cached by a hash of the sources: about a minute cold on 2 cores, a second when unchanged.)
 */
import * as assert from "assert";
import { execFileSync } from "child_process";
import * as crypto from "crypto";
import * as fs from "fs";
import * as path from "path";
import { parse } from "yaml";
import { LocalWorkspace, PulumiCommand } from "@pulumi/pulumi/automation";
import { localBackendEnv, pulumiBinDir } from "../engine/support/engine";
import { api, localService, type LocalService } from "../support/local";
import { VERSION } from "./plugin-release";
import { repoRoot, run, tempDir } from "./support";

/** The linux-amd64 archive, built (cached) and unpacked into `bin`. */
function unpackEsign(home: string): string {
  const out = path.join(home, "release");
  const stdout = execFileSync(path.join(repoRoot, "scripts", "build-esign"), ["--out", out, "--targets", "linux-amd64"], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  assert.deepStrictEqual(stdout.trim().split("\n"), [path.join(out, `esign-v${VERSION}-linux-amd64.tar.gz`)]);
  const bin = path.join(home, "bin");
  fs.mkdirSync(bin);
  execFileSync("tar", ["-xzf", path.join(out, `esign-v${VERSION}-linux-amd64.tar.gz`), "-C", bin]);
  return bin;
}

describe("the esign executable (linux-amd64), with nothing of ours on PATH", function () {
  this.timeout(20 * 60_000); // cold: one Node.js download and the bundle
  let home: string;
  let bin: string;
  let work: string;
  let svc: LocalService;
  const esign = (args: string[], env: Record<string, string> = {}) => run(path.join(bin, "esign"), args, { cwd: work, env: { PATH: bin, HOME: home, ...env } });

  before(async () => {
    home = tempDir("esign-exe");
    bin = unpackEsign(home);
    work = path.join(home, "work");
    fs.mkdirSync(work);
    svc = await localService();
  });
  after(async () => {
    await svc?.close();
    if (home) fs.rmSync(home, { recursive: true, force: true });
  });

  it("the archive holds one executable, esign", () => {
    assert.deepStrictEqual(fs.readdirSync(bin), ["esign"]);
    assert.ok(fs.statSync(path.join(bin, "esign")).mode & 0o111);
  });

  it("--version prints the package version once, exit 0", async () => {
    assert.deepStrictEqual(await esign(["--version"]), { code: 0, stdout: `esign ${VERSION}\n`, stderr: "" });
  });

  it("--help and drift --help print their usage, exit 0", async () => {
    const help = await esign(["--help"]);
    assert.deepStrictEqual([help.code, help.stderr], [0, ""]);
    assert.match(help.stdout, /^ {2}export +/m);
    assert.match(help.stdout, /^ {2}drift +/m);
    const drift = await esign(["drift", "--help"]);
    assert.deepStrictEqual([drift.code, drift.stderr], [0, ""]);
    assert.match(drift.stdout, /^usage: esign drift \[DIR\]/m);
  });

  it("a typo exits 64 with a suggestion; drift without pulumi on PATH exits 1 in one line", async () => {
    const typo = await esign(["drfit"]);
    assert.deepStrictEqual([typo.code, typo.stderr], [64, "esign: unknown command drfit (did you mean drift?); run esign --help for the commands\n"]);
    fs.writeFileSync(path.join(work, "Pulumi.yaml"), "name: p\nruntime: yaml\n");
    try {
      const drift = await esign(["drift", "--stack", "dev"]);
      assert.strictEqual(drift.code, 1);
      assert.match(drift.stderr, /^esign drift: the pulumi CLI is not on PATH/);
    } finally {
      fs.rmSync(path.join(work, "Pulumi.yaml"));
    }
  });

  it("export writes the account file from the service the environment names", async () => {
    const created = await api(svc).post("/api_app", { name: "Portal", domains: ["portal.example.com"] });
    assert.ok(created.status < 300, JSON.stringify(created.data));
    const r = await esign(["export"], { ESIGN_API_KEY: svc.apiKey, ESIGN_BASE_URL: svc.baseUrl });
    assert.strictEqual(r.code, 0, r.stderr);
    assert.match(r.stderr, /^esign export: reading the account from http:\/\/127\.0\.0\.1:\d+\/v3…$/m);
    assert.match(r.stderr, /^esign export: wrote account\.yaml \(\d+ entries\)$/m);
    const file = parse(fs.readFileSync(path.join(work, "account.yaml"), "utf8"));
    assert.deepStrictEqual(
      file.apiApps.map((a: { name: string }) => a.name),
      ["Portal"],
    );
    assert.ok(!fs.readFileSync(path.join(work, "account.yaml"), "utf8").includes(svc.apiKey));
  });
});

describe("the esign executable (linux-amd64): drift of a real stack", function () {
  this.timeout(20 * 60_000);
  let home: string;
  let bin: string;
  let dir: string;
  let svc: LocalService;
  let env: Record<string, string>;

  before(async () => {
    home = tempDir("esign-exe-drift");
    bin = unpackEsign(home);
    svc = await localService();
    // Inside the repository, so the program resolves pulumi-esign as an installed project would.
    dir = path.join(repoRoot, ".pulumi-local", `esign-exe-drift-${crypto.randomBytes(4).toString("hex")}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: esign-exe-drift\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.js\n");
    fs.writeFileSync(path.join(dir, "index.js"), 'const esign = require("pulumi-esign");\nexports.clientId = new esign.ApiApp("portal", { name: "Portal", domains: ["portal.example.com"] }).id;\n');
    // The user's PATH: esign, the pulumi CLI and node for the program; nothing else of ours.
    env = { ...localBackendEnv(dir), PATH: [bin, pulumiBinDir(), path.dirname(process.execPath)].join(path.delimiter), HOME: home };
    const stack = await LocalWorkspace.createOrSelectStack({ stackName: "dev", workDir: dir }, { pulumiCommand: await PulumiCommand.get({ root: path.dirname(pulumiBinDir()) }), envVars: env });
    for (const [key, v] of Object.entries(svc.stackConfig())) await stack.setConfig(key, { value: v.value, secret: v.secret ?? false });
    const up = await stack.up();
    const clientId = up.outputs.clientId.value as string;
    // Renamed in the web app.
    const renamed = await api(svc).put(`/api_app/${clientId}`, { name: "Renamed" });
    assert.ok(renamed.status < 300, JSON.stringify(renamed.data));
  });
  after(async () => {
    await svc?.close();
    for (const d of [dir, home]) if (d) fs.rmSync(d, { recursive: true, force: true });
  });

  it("exits 2 with the difference on stdout and the refresh's progress on stderr", async () => {
    const r = await run(path.join(bin, "esign"), ["drift", "--stack", "dev"], { cwd: dir, env });
    assert.strictEqual(r.code, 2, r.stderr);
    assert.match(r.stdout, /^portal \(esign:ApiApp\) name: git "Portal", service "Renamed" -> update$/m);
    assert.match(r.stdout, /^stack dev: 1 difference$/m);
    assert.ok(!r.stdout.includes("\x1b"), "no colour in a pipe");
    assert.match(r.stderr, /^esign drift: refreshing stack dev \(pulumi preview --refresh --run-program\)…$/m);
    assert.match(r.stderr, /^esign drift: refreshed stack dev \([1-9]\d* engine events, [\d.]+s\)$/m);
    assert.ok(!`${r.stdout}${r.stderr}`.includes(svc.apiKey), "the API key is not printed");
  });
});
