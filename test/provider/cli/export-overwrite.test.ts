/**
 * `esign export` never overwrites an account file without `--force`: the refusal is one line
 * naming the file and the flag, comes before any request, and leaves the file as it was.
 * In process: the command's main() against the in-process service.
 */
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { esign, withoutProgress } from "./run-esign";
import { ProviderHarness } from "../support/harness";

describe("esign export: --force to overwrite", () => {
  let h: ProviderHarness;
  let dir: string;
  let creds: string[];
  before(async () => {
    h = await ProviderHarness.start();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "esign-export-"));
    // The key from a file: --api-key is refused (a key in argv is visible to other users, D134).
    fs.writeFileSync(path.join(dir, "key"), `${h.svc.apiKey}\n`, { mode: 0o600 });
    creds = ["--api-key-file", path.join(dir, "key"), "--base-url", h.svc.baseUrl];
  });
  after(async () => {
    await h?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("refuses an existing --out file in one line, before any request, and keeps it", async () => {
    const out = path.join(dir, "account.yaml");
    fs.writeFileSync(out, "# reviewed by hand\n");
    const { result, calls } = await h.counting(() => esign(["export", "--out", out, ...creds]));
    assert.strictEqual(result.code, 1);
    assert.strictEqual(result.stderr.trim(), `esign export: ${out} exists; pass --force to overwrite it (or --out another file, or --out - for stdout)`);
    assert.deepStrictEqual(calls, []);
    assert.strictEqual(fs.readFileSync(out, "utf8"), "# reviewed by hand\n");
  });

  it("overwrites it with --force", async () => {
    const out = path.join(dir, "forced.yaml");
    fs.writeFileSync(out, "# old\n");
    const r = await esign(["export", "--out", out, "--force", ...creds]);
    assert.strictEqual(r.code, 0, r.stderr);
    assert.match(withoutProgress(r.stderr), /^esign export: wrote .*forced\.yaml/);
    assert.match(fs.readFileSync(out, "utf8"), /^# Exported by esign export/);
  });

  it("writes a new file without --force, and --force takes no value", async () => {
    const out = path.join(dir, "new.yaml");
    const r = await esign(["export", `--out=${out}`, ...creds]);
    assert.strictEqual(r.code, 0, r.stderr);
    assert.ok(fs.existsSync(out));
    const bad = await esign(["export", "--force=yes", "--out", out, ...creds]);
    assert.strictEqual(bad.code, 64);
    assert.match(bad.stderr, /^esign export: --force takes no value\nusage: esign export \[--out account\.yaml\] \[--force\]/);
  });

  it("takes the key from ESIGN_API_KEY or a file, and refuses --api-key (visible to other users in the process list) before any request", async () => {
    const fromEnv = await esign(["export", "--out", "-", "--base-url", h.svc.baseUrl], { env: { ESIGN_API_KEY: h.svc.apiKey } });
    assert.strictEqual(fromEnv.code, 0, fromEnv.stderr);
    assert.match(fromEnv.stdout, /^# Exported by esign export/);
    const { result, calls } = await h.counting(() => esign(["export", "--out", "-", "--api-key", h.svc.apiKey, "--base-url", h.svc.baseUrl]));
    assert.strictEqual(result.code, 64);
    assert.match(
      result.stderr,
      /^esign export: --api-key would put the key in the process list, where other users of this machine read it: set ESIGN_API_KEY, or pass --api-key-file FILE \(- reads stdin\)\n/,
    );
    assert.ok(!result.stderr.includes(h.svc.apiKey), "the refusal does not repeat the key");
    assert.deepStrictEqual(calls, []);
    const missing = await esign(["export", "--out", "-", "--api-key-file", path.join(dir, "nope"), "--base-url", h.svc.baseUrl]);
    assert.deepStrictEqual([missing.code, missing.stderr.trim()], [1, `esign export: --api-key-file ${path.join(dir, "nope")}: ENOENT`]);
  });
});
