/**
 * A stack is pinned to its account, through the real CLI: with another account's key in the
 * config, `preview --refresh`, `refresh` and `destroy` (with --run-program, so the new config is
 * the one used) each refuse in one line naming both accounts, and the state still holds every
 * resource. esign:allowedAccountIds refuses a key of an account not listed; a bad setting fails
 * `pulumi preview` naming the setting, before any request.
 */
import * as assert from "assert";
import { localService, LocalService } from "../../support/local";
import { KeysProject, keysProject, traceLines } from "../support/keys-project";

describe("engine: the account pin (real CLI)", function () {
  this.timeout(600_000);
  let svc: LocalService;
  let p: KeysProject;
  let all: string[];

  const useKey = (key: string) => p.pulumi("config", "set", "--secret", "esign:apiKey", key);

  before(async () => {
    svc = await localService();
    p = await keysProject(svc, "keys-pin");
    await useKey(svc.apiKey);
    const up = await p.pulumi("up", "--yes", "--skip-preview");
    assert.strictEqual(up.code, 0, up.stdout + up.stderr);
    all = await p.urns();
    assert.strictEqual(all.length, 4, "stack, provider, team, app");
  });
  after(async () => {
    await useKey(svc.apiKey);
    await p?.pulumi("config", "rm", "esign:allowedAccountIds");
    await p?.pulumi("config", "rm", "esign:maxConcurrency");
    await p?.pulumi("destroy", "--yes", "--skip-preview", "--run-program");
    p?.dispose();
    await svc?.close();
  });

  it("another account's key: preview --refresh, refresh and destroy refuse naming both accounts; state keeps every resource", async () => {
    const other = await svc.control("POST", "/accounts", { email_address: "intruder@example.com" });
    await useKey(other.api_key);
    const refused = new RegExp(`refused: the object belongs to account ${svc.accountId} \\(its managingAccountId\\) but the API key is for account ${other.account_id} \\(intruder@example\\.com\\)`);
    for (const args of [
      ["preview", "--refresh", "--run-program"],
      ["refresh", "--yes", "--skip-preview", "--run-program"],
      ["destroy", "--yes", "--skip-preview", "--run-program"],
    ]) {
      const seq = await svc.lastSeq();
      const r = await p.pulumi(...args);
      const output = r.stdout + r.stderr;
      assert.notStrictEqual(r.code, 0, `${args.join(" ")}: ${output}`);
      assert.match(output, refused, args.join(" "));
      assert.deepStrictEqual(traceLines(r), [], output);
      const calls = (await svc.requestsSince(seq)).map((c) => `${c.method} ${c.path}`);
      assert.deepStrictEqual([...new Set(calls)], ["GET /v3/account"], `${args.join(" ")}: only the key's account was read`);
      assert.deepStrictEqual(await p.urns(), all, `${args.join(" ")}: the state still holds every resource`);
    }
    const drift = await p.drift();
    assert.strictEqual(drift.code, 1);
    // Progress lines aside (stderr, D107), the failure is one line.
    const said = drift.stderr
      .trim()
      .split("\n")
      .filter((l) => !/^esign drift: (refreshing|refreshed) stack|^esign drift: failed \(\d+ engine events/.test(l));
    assert.strictEqual(said.length, 1, drift.stderr);
    assert.match(said[0], /^esign drift: .*refused: the object belongs to account/);
  });

  it("esign:allowedAccountIds refuses the stack's own key when its account is not listed", async () => {
    await useKey(svc.apiKey);
    await p.pulumi("config", "set", "esign:allowedAccountIds", "someone-else");
    const r = await p.pulumi("refresh", "--yes", "--skip-preview", "--run-program");
    assert.notStrictEqual(r.code, 0);
    assert.match(r.stdout + r.stderr, new RegExp(`refused: the API key is for account ${svc.accountId} \\(\\S+\\), which is not in esign:allowedAccountIds \\(someone-else\\); nothing was sent`));
    await p.pulumi("config", "set", "esign:allowedAccountIds", `someone-else,${svc.accountId}`);
    const ok = await p.pulumi("refresh", "--yes", "--skip-preview", "--run-program");
    assert.strictEqual(ok.code, 0, ok.stdout + ok.stderr);
    assert.deepStrictEqual(await p.urns(), all);
  });

  it("a bad setting fails `pulumi preview` naming it, with no request", async () => {
    await p.pulumi("config", "set", "esign:maxConcurrency", "four");
    const seq = await svc.lastSeq();
    const r = await p.pulumi("preview");
    assert.notStrictEqual(r.code, 0);
    assert.match(r.stdout + r.stderr, /invalid provider settings: esign:maxConcurrency: must be a whole number of at least 1, got "four"/);
    assert.deepStrictEqual(await svc.requestsSince(seq), []);
    await p.pulumi("config", "rm", "esign:maxConcurrency");
  });
});
