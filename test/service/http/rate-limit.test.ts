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

  describe("tiers and windows (D66)", () => {
    let svc: RunningService;
    let api: Api;
    before(async () => ({ svc, api } = await startForTest({ rateLimit: 8, rateLimitWindowMs: 60_000 })));
    after(() => svc.close());

    it("counts high-tier operations against their own quarter of the limit, with their own headers", async () => {
      // A high-tier operation is counted when it is authenticated, whatever it answers.
      const high = () => api.get("/template/files_as_file_url/0123456789abcdef0123456789abcdef0123456789");
      const first = await high();
      assert.equal(first.headers.get("x-ratelimit-limit"), "2");
      const statuses = [first.status, (await high()).status, (await high()).status];
      // A window boundary may fall between them: then the count restarts.
      assert.ok(statuses[2] === 429 || statuses[1] !== 429, statuses.join(","));
      const standard = await api.get("/account");
      expectStatus(standard, 200);
      assert.equal(standard.headers.get("x-ratelimit-limit"), "8");
      assert.ok(Number(standard.headers.get("x-ratelimit-remaining")) >= 6, "the high tier's requests are not the standard tier's");
    });

    it("a shorter window restarts the count when it ends", async () => {
      const short = await startForTest({ rateLimit: 2, rateLimitWindowMs: 1000 });
      try {
        const first = await short.api.get("/account");
        const reset = Number(first.headers.get("x-ratelimit-reset"));
        assert.ok(reset * 1000 - Date.now() <= 1000, "the reset is at most one window away");
        while (Date.now() < reset * 1000) await new Promise((resolve) => setTimeout(resolve, 20));
        const next = await short.api.get("/account");
        expectStatus(next, 200);
        assert.equal(next.headers.get("x-ratelimit-remaining"), "1");
        assert.equal(Number(next.headers.get("x-ratelimit-reset")), reset + 1);
      } finally {
        await short.svc.close();
      }
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
