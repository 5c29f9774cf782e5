/**
 * `esign recover` acts only on what it saw (D132), through the real CLI on a file backend. Its
 * state edit never overwrites an update that ran after it read the stack: the import
 * (pulumi-state/import.ts) exports the stack again first and refuses, in one line, when the
 * checkpoint is not the one the edit was made from, or when an update holds the lock (the read,
 * then a real `pulumi up`, then the import). And `esign recover --unlock` leaves a lock it cannot
 * judge (another machine's) and never removes a running update's; `--cancel-update STACK` removes
 * the one it names.
 */
import * as assert from "assert";
import * as crypto from "crypto";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { runPulumi } from "../../support/account-file";
import { localBackendEnv, repoRoot } from "../support/engine";
import { esign } from "./cut-project";
import { importUnlessChanged } from "../../../provider/pulumi-state/import";
import { backendLocks } from "../../../provider/pulumi-state/locks";
import type { ExportedDeployment } from "../../../provider/pulumi-state/export";

describe("engine: recover acts only on what it saw (the import, the lock)", function () {
  this.timeout(300_000);
  const dir = path.join(repoRoot, ".pulumi-local", `between-${crypto.randomBytes(4).toString("hex")}`);
  let env: Record<string, string>;
  const saved: Record<string, string | undefined> = {};
  const pulumi = (...args: string[]) => runPulumi(args, dir, env);
  const exportNow = async () => (await pulumi("stack", "export", "--stack", "test")).stdout;
  const outputsOf = (exported: string) => (JSON.parse(exported) as ExportedDeployment).deployment.resources?.find((r) => r.type === "pulumi:pulumi:Stack")?.outputs;
  /** What recover would import: the deployment it read, edited (a marker on the stack's outputs). */
  const editOf = (read: string): ExportedDeployment => {
    const d = JSON.parse(read) as ExportedDeployment;
    for (const r of d.deployment.resources ?? []) if (r.type === "pulumi:pulumi:Stack") r.outputs = { ...r.outputs, edited: "by recover" };
    return d;
  };
  const guard = (read: string) => importUnlessChanged({ dir, stack: "test", read, edited: editOf(read), locksNow: () => backendLocks(env.PULUMI_BACKEND_URL, "between", "test") });
  const up = async (n: number) => {
    const r = await runPulumi(["up", "--yes", "--skip-preview", "--stack", "test"], dir, { ...env, N: String(n) });
    assert.strictEqual(r.code, 0, r.stdout + r.stderr);
  };

  before(async () => {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: between\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.js\n");
    fs.writeFileSync(path.join(dir, "index.js"), 'require("@pulumi/pulumi");\nmodule.exports = { n: Number(process.env.N) };\n');
    env = localBackendEnv(dir);
    // importUnlessChanged runs `pulumi` as recover does: with this process's environment.
    for (const [k, v] of Object.entries(env)) [saved[k], process.env[k]] = [process.env[k], v];
    assert.strictEqual((await pulumi("stack", "init", "test")).code, 0);
    await up(1);
  });
  after(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("an up between the read and the import: refused in one line, the up's state kept", async () => {
    const read = await exportNow();
    await up(2);
    const refused = await guard(read);
    assert.strictEqual(refused, "stack test changed after recover read it (an update ran in between); nothing was imported: run esign recover again");
    assert.deepStrictEqual(outputsOf(await exportNow()), { n: 2 }, "the update's checkpoint stays");
  });

  it("an update holding the lock at the import: refused, nothing imported", async () => {
    const read = await exportNow();
    const lock = path.join(dir, "state", ".pulumi", "locks", "organization", "between", "test");
    fs.mkdirSync(lock, { recursive: true });
    fs.writeFileSync(path.join(lock, "running.json"), JSON.stringify({ pid: process.pid, hostname: os.hostname(), username: "ci", timestamp: "now" }));
    try {
      assert.match((await guard(read)) ?? "", /^stack test was locked after recover read it \(ci@.* \(pid \d+\) at now\); nothing was imported: run esign recover again once that update ends$/);
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
    assert.deepStrictEqual(outputsOf(await exportNow()), { n: 2 });
  });

  it("nothing ran in between: the edit is imported (two exports of one checkpoint compare equal)", async () => {
    const read = await exportNow();
    assert.strictEqual(await guard(read), undefined);
    assert.deepStrictEqual(outputsOf(await exportNow()), { n: 2, edited: "by recover" });
  });

  it("--unlock leaves another machine's lock and a running update's; --cancel-update STACK removes the lock it names", async () => {
    const lockDir = path.join(dir, "state", ".pulumi", "locks", "organization", "between", "test");
    const lock = (name: string, content: Record<string, unknown>) => {
      fs.mkdirSync(lockDir, { recursive: true });
      fs.writeFileSync(path.join(lockDir, `${name}.json`), JSON.stringify({ username: "ci", timestamp: "t", ...content }));
    };
    const recover = (...args: string[]) => esign(dir, env, "recover", [...args, "--stack", "test"]);
    lock("elsewhere", { pid: 2291, hostname: "runner-7.example" });
    const refused = await recover("--unlock");
    assert.strictEqual(refused.code, 1, refused.stdout + refused.stderr);
    assert.match(refused.stderr, /locked by ci@runner-7\.example \(pid 2291\) at t, a process recover cannot see from this machine; if no update runs there, run again with --cancel-update test/);
    assert.deepStrictEqual(fs.readdirSync(lockDir), ["elsewhere.json"], "left in place");
    const wrong = await recover("--cancel-update", "prod");
    assert.strictEqual(wrong.code, 1);
    assert.match(wrong.stderr, /--cancel-update names stack prod, not test/);
    const named = await recover("--cancel-update", "test");
    assert.strictEqual(named.code, 0, named.stdout + named.stderr);
    assert.match(named.stdout, /unlocked stack test: removed the lock of ci@runner-7\.example \(pid 2291\)/);
    assert.deepStrictEqual(fs.readdirSync(lockDir), []);
    lock("running", { pid: process.pid, hostname: os.hostname() });
    const running = await recover("--cancel-update", "test");
    assert.strictEqual(running.code, 1);
    assert.match(running.stderr, /locked by a running update/);
    assert.deepStrictEqual(fs.readdirSync(lockDir), ["running.json"], "never removed");
    fs.rmSync(lockDir, { recursive: true, force: true });
  });
});
