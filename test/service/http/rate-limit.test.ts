/**
 * Rate limits: off by default (headers only); with rateLimit N, the N+1st request of an
 * account within a minute is 429 exceeded_rate, other accounts are unaffected.
 */
import assert from "node:assert/strict";
import { Api, expectEnvelope, expectStatus, startForTest } from "../helpers/api";
import type { RunningService } from "../../../service";
import { UNENFORCED_LIMIT } from "../../../service/http/rate-limit";

describe("service: rate limits", () => {
  describe("enforced with rateLimit", () => {
    let svc: RunningService;
    let api: Api;
    before(async () => ({ svc, api } = await startForTest({ rateLimit: 5 })));
    after(() => svc.close());

    it("answers 429 exceeded_rate after N requests per minute per account, with the headers", async () => {
      const other = await api.newAccount();
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 7; i++) {
        last = await api.get("/account");
        statuses.push(last.status);
      }
      // A window boundary may fall inside the burst: then the count restarts, never exceeds N per window.
      const firstLimited = statuses.indexOf(429);
      assert.ok(firstLimited === 5 || firstLimited === -1 || statuses.slice(0, firstLimited).length >= 5, statuses.join(","));
      if (firstLimited !== -1) {
        expectEnvelope(last!, 429, "exceeded_rate");
        assert.equal(last!.headers.get("x-ratelimit-limit"), "5");
        assert.equal(last!.headers.get("x-ratelimit-remaining"), "0");
        assert.ok(Number(last!.headers.get("x-ratelimit-reset")) * 1000 > Date.now());
      }
      expectStatus(await other.api.get("/account"), 200);
      const log = await api.ctl("GET", "/requests", undefined, { account_id: svc.accountId });
      assert.equal(log.body.requests.filter((r: { status: number }) => r.status === 429).length, statuses.filter((s) => s === 429).length);
    });
  });

  describe("off by default", () => {
    let svc: RunningService;
    let api: Api;
    before(async () => ({ svc, api } = await startForTest()));
    after(() => svc.close());

    it("never answers 429, and its headers never tell a client to wait", async () => {
      // Over twice the real service's limit: even across a window boundary one window sees more than 100.
      const rs = await Promise.all(Array.from({ length: 250 }, () => api.get("/account")));
      assert.ok(rs.every((r) => r.status === 200));
      assert.ok(rs.every((r) => r.headers.get("x-ratelimit-limit") === String(UNENFORCED_LIMIT)));
      assert.ok(rs.every((r) => Number(r.headers.get("x-ratelimit-remaining")) > UNENFORCED_LIMIT - 300));
    });
  });
});
