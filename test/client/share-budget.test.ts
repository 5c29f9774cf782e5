/**
 * The account budget's arithmetic (provider/client/share.ts), without a server: what it keeps
 * for the account's other users never eats the rate the client was given.
 */
import assert from "node:assert/strict";
import { AccountBudget, DEFAULT_SHARE_POLICY } from "../../provider/client/share";

describe("client: the account budget", () => {
  it("beside another user of an unenforced limit, a client given 600 a minute may still send", async () => {
    const budget = new AccountBudget(DEFAULT_SHARE_POLICY, () => 600);
    const reset = Math.ceil(Date.now() / 1000) + 60;
    await budget.take(); // the probe that learns the window
    // Our one request answered; the server counted 10: another client (a second provider) sent 9.
    budget.observe({ limit: 1_000_000, remaining: 1_000_000 - 10, reset });
    assert.ok(budget.allowance() >= 500, `allowance ${budget.allowance()}: the margin for others ate our 600`);
  });

  it("beside production at a real limit, it keeps production's pace plus the margin free", async () => {
    const budget = new AccountBudget(DEFAULT_SHARE_POLICY, (limit) => limit / 2);
    const reset = Math.ceil(Date.now() / 1000) + 30; // half the window gone
    await budget.take();
    // Production used 45 of 100 in the first half: a pace of 90 a minute, more than the half it is entitled to.
    budget.observe({ limit: 100, remaining: 100 - 46, reset });
    const kept = budget.keptForOthers();
    assert.ok(kept >= 45 + 5 - 1, `kept ${kept}: production's pace for the rest of the window and the 5% margin`);
    assert.ok(budget.allowance() < 10, `allowance ${budget.allowance()}`);
  });

  it("a probe whose answer is slow holds the others only probeWaitMs, then lets one more out at a time", async () => {
    const policy = { ...DEFAULT_SHARE_POLICY, probeWaitMs: 200 };
    const budget = new AccountBudget(policy, (limit) => limit / 2);
    await budget.take(); // the probe: a slow create, its answer not back
    const started = Date.now();
    const second = budget.take();
    const third = budget.take();
    await second;
    const secondWaited = Date.now() - started;
    assert.ok(secondWaited >= 150 && secondWaited < 1_000, `the second request waited ${secondWaited} ms for the slow probe`);
    // The third still waits: into a window not yet known, requests go out one per probeWaitMs.
    let thirdOut = false;
    void third.then(() => (thirdOut = true));
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(thirdOut, false, "the third request went out with the second");
    // Any answer tells the window: the rest go out at once.
    budget.observe({ limit: 100, remaining: 98, reset: Math.ceil(Date.now() / 1000) + 60 });
    await third;
    assert.ok(Date.now() - started < 400, "the third request waited after the window was known");
  });

  it("by default a slow first answer holds the others a second or two, not the client's timeout", () => {
    assert.ok(DEFAULT_SHARE_POLICY.probeWaitMs <= 2_000 && DEFAULT_SHARE_POLICY.probeWaitMs >= 250);
  });
});
