/**
 * The `esign` command as documented, through npm: `npm run esign -- export --out FILE` writes
 * the account file (scripts/run-ts.js require()s the entry, so `require.main` is not it), and
 * an unknown command or flag prints the usage and exits 2.
 */
import * as assert from "assert";
import { execFile } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { loadAccountFile } from "../../../provider/account-file";
import { repoRoot } from "../support/engine";
import { api, localService, LocalService } from "../../support/local";

function npmEsign(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile("npm", ["run", "--silent", "esign", "--", ...args], { cwd: repoRoot, env: { ...process.env, ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

describe("esign command through npm run esign", function () {
  this.timeout(120_000);
  let svc: LocalService;
  let dir: string;

  before(async () => {
    svc = await localService();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "esign-cli-"));
    await api(svc).post("/api_app", { name: "Portal", domains: ["portal.example.com"] });
  });
  after(async () => {
    await svc?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("export --out writes the account file", async () => {
    const out = path.join(dir, "account.yaml");
    const r = await npmEsign(["export", "--out", out], { ESIGN_API_KEY: svc.apiKey, ESIGN_BASE_URL: svc.baseUrl });
    assert.strictEqual(r.code, 0, r.stderr);
    assert.match(r.stderr, /esign export: wrote .*account\.yaml \(1 entries\)/);
    const account = loadAccountFile(out);
    assert.deepStrictEqual(
      account.apiApps?.map((a) => [a.key, a.name]),
      [["portal", "Portal"]],
    );
    assert.ok(!fs.readFileSync(out, "utf8").includes(svc.apiKey), "the API key is not written");
  });

  it("an unknown command or flag is a usage error: exit 64, a suggestion", async () => {
    const r = await npmEsign(["exprot"]);
    assert.strictEqual(r.code, 64);
    assert.match(r.stderr, /esign: unknown command exprot \(did you mean export\?\)/);
    const flag = await npmEsign(["export", "--outt", "x.yaml"]);
    assert.strictEqual(flag.code, 64);
    assert.match(flag.stderr, /esign export: unknown option --outt \(did you mean --out\?\)\nusage: esign export/);
  });
});
