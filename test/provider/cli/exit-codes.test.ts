/**
 * The exit codes are one table with a distinct code per outcome, and the spawned command exits
 * with them (the process, not only main(), as CI sees it).
 */
import * as assert from "assert";
import { spawnSync } from "child_process";
import * as path from "path";
import { EXIT, EXIT_CODE_LINES, findingsExit } from "../../../provider/cli/exit-codes";

const root = path.resolve(__dirname, "..", "..", "..");

/** The command from source, as `npm run esign` runs it. */
function spawnEsign(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [path.join(root, "scripts", "run-ts.js"), path.join(root, "provider", "cli", "esign.ts"), ...args], {
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "", ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("esign exit codes", () => {
  it("are distinct, and the help table lists each once", () => {
    const codes = Object.values(EXIT);
    assert.strictEqual(new Set(codes).size, codes.length);
    assert.deepStrictEqual(
      EXIT_CODE_LINES.map((l) => Number(l.trim().split(/\s+/)[0])),
      [...codes].sort((a, b) => a - b),
    );
  });

  it("drift wins over unmanaged; unmanaged alone is 3; nothing is 0", () => {
    assert.strictEqual(findingsExit({ drift: true, unmanaged: true }), 2);
    assert.strictEqual(findingsExit({ drift: true }), 2);
    assert.strictEqual(findingsExit({ drift: false, unmanaged: true }), 3);
    assert.strictEqual(findingsExit({ drift: false, unmanaged: false }), 0);
  });

  it("the process exits 0 for --help and --version, 64 for a typo, 1 for a failure", function () {
    this.timeout(60_000);
    const help = spawnEsign(["drift", "--help"]);
    assert.deepStrictEqual([help.code, help.stderr], [0, ""]);
    assert.match(help.stdout, /^usage: esign drift/m);
    assert.strictEqual(spawnEsign(["--version"]).code, 0);
    const typo = spawnEsign(["drfit"]);
    assert.deepStrictEqual([typo.code, typo.stderr], [64, "esign: unknown command drfit (did you mean drift?); run esign --help for the commands\n"]);
    const failure = spawnEsign(["drift", "/nonexistent-esign-dir"]);
    assert.deepStrictEqual([failure.code, failure.stderr], [1, "esign drift: no Pulumi.yaml in /nonexistent-esign-dir\n"]);
  });
});
