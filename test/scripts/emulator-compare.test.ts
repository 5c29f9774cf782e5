/**
 * `npm run emulator:compare -- <dir>` (scripts/emulator-compare/): a set recorded from the
 * emulator itself replays with no difference (ids mapped, the upload replayed from a
 * stand-in); a doctored file (a changed status, a key removed from an answer, a changed
 * error name) is listed, line by line, and the command exits 1.
 */
import * as assert from "assert";
import { spawnSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { compareRecording } from "../../scripts/emulator-compare/replay";
import { recordSampleSession } from "../support/recording";

const repoRoot = path.resolve(__dirname, "..", "..");

describe("scripts: emulator:compare", function () {
  this.timeout(300_000);
  let dir: string;
  const files = () =>
    fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .sort();
  const edit = (file: string, change: (e: any) => void) => {
    const full = path.join(dir, file);
    const exchange = JSON.parse(fs.readFileSync(full, "utf8"));
    change(exchange);
    fs.writeFileSync(full, JSON.stringify(exchange, null, 2));
  };

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "esign-compare-"));
    await recordSampleSession(dir);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("finds no difference in a set recorded from the emulator itself", async () => {
    const reports = await compareRecording(dir);
    assert.strictEqual(reports.length, files().length);
    assert.deepStrictEqual(
      reports.filter((r) => r.differences.length > 0),
      [],
    );
  });

  it("lists a changed status, a key only one side has, a changed type and a changed error name; the command exits 1", () => {
    const [create, get] = files();
    edit(create, (e) => {
      e.status = 200;
      delete e.response.body.api_app.domains;
      e.response.body.api_app.owner_account.extra = "x";
    });
    edit(get, (e) => (e.response.body.api_app.is_approved = "yes"));
    const missing = files().find((f) => f.includes("api_app.get") && JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")).status === 404)!;
    edit(missing, (e) => (e.response.body.error.error_name = "bad_request"));

    const run = spawnSync(process.execPath, ["scripts/run-ts.js", "scripts/emulator-compare/main.ts", dir], { cwd: repoRoot, encoding: "utf8" });
    assert.strictEqual(run.status, 1, run.stdout + run.stderr);
    const out = run.stdout;
    assert.match(out, new RegExp(`^${create}: POST /api_app$`, "m"));
    assert.match(out, /^ {2}status: recorded 200, emulator 201$/m);
    assert.match(out, /^ {2}\$\.api_app\.domains: only in the emulator's answer \(array\)$/m);
    assert.match(out, /^ {2}\$\.api_app\.owner_account\.extra: missing from the emulator's answer \(recorded string\)$/m);
    assert.match(out, /^ {2}\$\.api_app\.is_approved: recorded string, emulator boolean$/m);
    assert.match(out, /^ {2}error name: recorded bad_request, emulator not_found$/m);
    assert.match(out, /^13 exchanges replayed, 3 with differences$/m);
  });

  it("compares the rate-limit headers: one missing, another limit, a reset that is a window's end (D131)", async () => {
    const [, , , team] = files();
    edit(team, (e) => {
      delete e.response.headers["x-ratelimit-limit-remaining"];
      e.response.headers["x-ratelimit-limit"] = "999999";
      e.response.headers["x-ratelimit-reset"] = String(Math.floor(Date.parse(e.response.headers.date) / 1000) + 45);
      e.response.headers["retry-after"] = "7";
    });
    const report = (await compareRecording(dir)).find((r) => r.file === team)!;
    const lines = report.differences.filter((d) => /ratelimit|retry-after/.test(d));
    assert.strictEqual(lines.length, 4, lines.join("\n"));
    assert.strictEqual(lines[0], "header x-ratelimit-limit-remaining: only in the emulator's answer");
    assert.strictEqual(lines[1], "header retry-after: missing from the emulator's answer");
    assert.strictEqual(lines[2], "x-ratelimit-limit: recorded 999999, emulator 1000000");
    assert.match(lines[3], /^x-ratelimit-reset: recorded 45 s after the answer's Date, emulator [0-2] s$/);
  });

  it("refuses a directory without recordings (exit 2, one line)", () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), "esign-compare-empty-"));
    const run = spawnSync(process.execPath, ["scripts/run-ts.js", "scripts/emulator-compare/main.ts", empty], { cwd: repoRoot, encoding: "utf8" });
    fs.rmSync(empty, { recursive: true });
    assert.strictEqual(run.status, 2);
    assert.match(run.stderr, /holds no recorded exchange/);
  });
});
