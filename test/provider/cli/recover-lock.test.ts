/**
 * `esign recover` acts only on a lock it saw (cli/recover-lock.ts, D132): on a backend that shows
 * no lock (Pulumi Cloud, S3, GCS, Azure) `--unlock` cancels nothing and says so, and only
 * `--cancel-update STACK` naming the stack runs `pulumi cancel`; on a file backend a lock of this
 * machine whose process is gone is removed (that file only), a running one never, another
 * machine's only when named. The locks are real lock files read by `backendLocks`.
 */
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { lockPlan, namesStack, type LockAsk } from "../../../provider/cli/recover-lock";
import { backendLocks, type StackLock } from "../../../provider/pulumi-state/locks";

/** A pid no process has: the highest pid the kernel hands out is below it. */
const GONE_PID = 2 ** 22 + 7;

describe("esign recover: the lock (no backend changed)", () => {
  let root: string;
  let lockDir: string;
  const locks = () => backendLocks(`file://${root}`, "acct", "prod")!;
  const write = (name: string, content: Record<string, unknown>) =>
    fs.writeFileSync(path.join(lockDir, `${name}.json`), JSON.stringify({ username: "ci", timestamp: "2026-11-29T01:00:00Z", ...content }));
  const ask = (a: Partial<LockAsk> = {}): LockAsk => ({ stack: "prod", unlock: false, ...a });

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "esign-lock-"));
    lockDir = path.join(root, ".pulumi", "locks", "organization", "acct", "prod");
    fs.mkdirSync(lockDir, { recursive: true });
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it("a backend it cannot look into: --unlock runs no cancel and says so; nothing asked, nothing said", () => {
    const view = { seen: false as const, backend: "https://api.pulumi.com" };
    const plan = lockPlan(view, ask({ unlock: true }));
    assert.strictEqual(plan.cancel, false);
    assert.deepStrictEqual(plan.remove, []);
    assert.strictEqual(plan.refuse, undefined);
    assert.match(plan.note ?? "", /^stack prod: its backend \(https:\/\/\) does not show its lock to recover, so nothing was unlocked; .*esign recover --cancel-update prod/);
    assert.deepStrictEqual(lockPlan({ seen: false, backend: "s3://acme-state?region=eu-west-1" }, ask()), { remove: [], cancel: false });
  });

  it("--cancel-update runs pulumi cancel only when it names the stack recovered", () => {
    const view = { seen: false as const, backend: "s3://acme-state" };
    assert.strictEqual(lockPlan(view, ask({ cancelUpdate: "prod" })).cancel, true);
    assert.strictEqual(lockPlan(view, ask({ stack: "acme/acct/prod", cancelUpdate: "prod" })).cancel, true);
    const wrong = lockPlan(view, ask({ cancelUpdate: "staging" }));
    assert.strictEqual(wrong.cancel, false);
    assert.strictEqual(wrong.refuse, "--cancel-update names stack staging, not prod (the stack recover works on); nothing was done");
    assert.strictEqual(namesStack("acme/acct/prod", "prod"), true);
    assert.strictEqual(namesStack("acme/acct/staging", "prod"), false);
    assert.strictEqual(namesStack("other/acct/prod", "acme/acct/prod"), false);
  });

  it("a file backend: a dead lock of this machine is judged a cut-off run's and removed with --unlock, that file only", () => {
    write("dead", { pid: GONE_PID, hostname: os.hostname() });
    const seen = locks();
    assert.deepStrictEqual(
      seen.map((l) => [path.basename(l.file), l.alive, l.dead]),
      [["dead.json", false, true]],
    );
    assert.match(lockPlan({ seen: true, locks: seen }, ask()).refuse ?? "", /^stack prod is locked by a run that was cut off \(ci@.* \(pid \d+\) at 2026-11-29T01:00:00Z\); run again with --unlock/);
    const plan = lockPlan({ seen: true, locks: seen }, ask({ unlock: true }));
    assert.deepStrictEqual(
      plan.remove.map((l: StackLock) => l.file),
      [path.join(lockDir, "dead.json")],
    );
    assert.strictEqual(plan.cancel, false, "no pulumi cancel: it would remove any lock there, one made since included");
  });

  it("a file backend: a running update's lock is never removed, whatever is asked", () => {
    write("live", { pid: process.pid, hostname: os.hostname() });
    const seen = locks();
    assert.deepStrictEqual([seen[0].alive, seen[0].dead], [true, false]);
    for (const a of [ask(), ask({ unlock: true }), ask({ cancelUpdate: "prod" })]) {
      const plan = lockPlan({ seen: true, locks: seen }, a);
      assert.match(plan.refuse ?? "", /^stack prod is locked by a running update \(ci@.*\(pid \d+\)/);
      assert.deepStrictEqual([plan.remove, plan.cancel], [[], false]);
    }
  });

  it("a file backend: another machine's lock (or one naming no process) is not judged: --unlock refuses, --cancel-update removes it", () => {
    write("elsewhere", { pid: GONE_PID, hostname: "runner-7.example" });
    write("anonymous", {});
    const seen = locks();
    assert.deepStrictEqual(
      seen.map((l) => [l.alive, l.dead]),
      [
        [false, false],
        [false, false],
      ],
    );
    const refused = lockPlan({ seen: true, locks: seen }, ask({ unlock: true }));
    assert.match(refused.refuse ?? "", /^stack prod is locked by .*runner-7\.example.*a process recover cannot see from this machine; if no update runs there, run again with --cancel-update prod$/);
    assert.deepStrictEqual(refused.remove, []);
    const named = lockPlan({ seen: true, locks: seen }, ask({ cancelUpdate: "prod" }));
    assert.strictEqual(named.refuse, undefined);
    assert.deepStrictEqual(named.remove.map((l) => path.basename(l.file)).sort(), ["anonymous.json", "elsewhere.json"]);
  });

  it("no lock: nothing to remove, nothing said", () => {
    assert.deepStrictEqual(lockPlan({ seen: true, locks: locks() }, ask({ unlock: true })), { remove: [], cancel: false });
  });
});
