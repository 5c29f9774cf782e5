/**
 * The self-contained `esign` executable (scripts/build-esign, D108) runs where nothing of ours is:
 * its linux-amd64 archive unpacked into an empty folder, run with a PATH holding only that folder
 * (no node, no npm, no checkout) from an empty working directory. It prints its version and help,
 * exits 64 on a typo, and exports an account from a local service. (The archive build is cached by a
 * hash of the sources: about a minute cold on 2 cores, about a second when nothing changed.)
 */
import * as assert from "assert";
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { parse } from "yaml";
import { api, localService, type LocalService } from "../support/local";
import { VERSION } from "./plugin-release";
import { repoRoot, run, tempDir } from "./support";

describe("the esign executable (linux-amd64), with nothing of ours on PATH", function () {
  this.timeout(20 * 60_000); // cold: one Node.js download and the bundle
  let home: string;
  let bin: string;
  let work: string;
  let svc: LocalService;
  const esign = (args: string[], env: Record<string, string> = {}) => run(path.join(bin, "esign"), args, { cwd: work, env: { PATH: bin, HOME: home, ...env } });

  before(async () => {
    home = tempDir("esign-exe");
    const out = path.join(home, "release");
    const stdout = execFileSync(path.join(repoRoot, "scripts", "build-esign"), ["--out", out, "--targets", "linux-amd64"], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
    assert.deepStrictEqual(stdout.trim().split("\n"), [path.join(out, `esign-v${VERSION}-linux-amd64.tar.gz`)]);
    bin = path.join(home, "bin");
    work = path.join(home, "work");
    fs.mkdirSync(bin);
    fs.mkdirSync(work);
    execFileSync("tar", ["-xzf", path.join(out, `esign-v${VERSION}-linux-amd64.tar.gz`), "-C", bin]);
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
