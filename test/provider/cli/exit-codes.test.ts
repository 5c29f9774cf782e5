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

  // Two spawns (each loads the sources through ts-node: seconds on a busy machine); main()'s
  // codes for every case are help-version.test.ts's, in process.
  it("the process exits with main()'s code: 64 for a typo, 1 for a failure", function () {
    this.timeout(240_000);
    const typo = spawnEsign(["drfit"]);
    assert.deepStrictEqual([typo.code, typo.stdout, typo.stderr], [64, "", "esign: unknown command drfit (did you mean drift?); run esign --help for the commands\n"]);
    const failure = spawnEsign(["drift", "/nonexistent-esign-dir"]);
    assert.deepStrictEqual([failure.code, failure.stderr], [1, "esign drift: no Pulumi.yaml in /nonexistent-esign-dir\n"]);
  });
});
