/**
 * Rate limits as recorded: a refilling bucket per account and tier (standard, high, test mode),
 * headers spelled X-Ratelimit-Limit / X-Ratelimit-Limit-Remaining / X-Ratelimit-Reset (the
 * description's X-RateLimit-Remaining on request), the reset "now" while the bucket is nearly
 * full. Off by default (headers only); with rateLimit N a drained bucket answers 429.
 */
import assert from "node:assert/strict";
import { Api, expectEnvelope, expectStatus, sleep, startForTest } from "../support/api";
import type { RunningService } from "../../../service";
import { UNENFORCED_LIMIT } from "../../../service/http/rate-limit";

const nowSeconds = () => Math.floor(Date.now() / 1000);
const remaining = (r: { headers: Headers }) => Number(r.headers.get("x-ratelimit-limit-remaining"));

describe("service: rate limits", () => {
  describe("the recorded headers", () => {
    let svc: RunningService;
    let api: Api;
    before(async () => ({ svc, api } = await startForTest({ rateLimit: 100 })));
    after(() => svc.close());

    // S5 headers.json (2018), S6 (2018), S2 cassettes (2017-2023), S7 (2022), S8 (measured 2026): x-ratelimit-limit-remaining, never X-RateLimit-Remaining
    it("are X-Ratelimit-Limit, X-Ratelimit-Limit-Remaining and X-Ratelimit-Reset", async () => {
      const r = await api.get("/account");
      expectStatus(r);
      assert.equal(r.headers.get("x-ratelimit-limit"), "100");
      assert.equal(r.headers.get("x-ratelimit-limit-remaining"), "99");
      assert.equal(r.headers.get("x-ratelimit-remaining"), null, "the description's spelling is not what the service sends");
      assert.match(r.headers.get("x-ratelimit-reset") ?? "", /^\d{10}$/);
    });

    // S7 (2022: Date 18:09:52, reset 1661278192 = 18:09:52), S6 (2018), S2 (2021): with one request used the reset is the answer's own second
    it("the reset is about now while the bucket is nearly full, not the end of a minute", async () => {
      const before = nowSeconds();
      const r = await api.get("/account");
      const reset = Number(r.headers.get("x-ratelimit-reset"));
      assert.ok(reset >= before - 1 && reset <= nowSeconds() + 1, `reset ${reset} is not about now (${before})`);
    });
  });

  describe("a bucket per account and tier (D66, D75)", () => {
    let svc: RunningService;
    let api: Api;
    before(async () => ({ svc, api } = await startForTest({ rateLimit: 5 })));
    after(() => svc.close());

    // S17 ("leaky bucket"), S11 (reset = "when the rate limit will reset to its maximum"); the 429 body: S11 Error429Response.json
    it("a burst drains the bucket: remaining counts down, then 429 exceeded_rate with remaining 0 and a reset ahead", async () => {
      const other = await api.newAccount();
      const answers = [];
      for (let i = 0; i < 7; i++) answers.push(await api.get("/account"));
      // 12 s a token at 5 a minute: no token comes back within the burst.
      assert.deepEqual(
        answers.map((r) => r.status),
        [200, 200, 200, 200, 200, 429, 429],
      );
      assert.deepEqual(answers.slice(0, 5).map(remaining), [4, 3, 2, 1, 0]);
      const limited = answers[6];
      expectEnvelope(limited, 429, "exceeded_rate");
      assert.equal(limited.headers.get("x-ratelimit-limit"), "5");
      assert.equal(remaining(limited), 0);
      // Empty bucket: it is full again in about a minute (4 more tokens at 12 s each after the first).
      const ahead = Number(limited.headers.get("x-ratelimit-reset")) - nowSeconds();
      assert.ok(ahead >= 40 && ahead <= 61, `reset ${ahead} s ahead`);
      // A refused request takes no token: the account's own bucket alone is empty.
      expectStatus(await other.api.get("/account"), 200);
      const log = await api.ctl("GET", "/requests", undefined, { account_id: svc.accountId });
      assert.equal(log.body.requests.filter((r: { status: number }) => r.status === 429).length, 2);
    });
  });

  describe("tiers (D66) and the refill period", () => {
    // S12 api-requests-that-count-against-limit: 100 standard, 25 high tier, per account
    it("high-tier operations drain their own quarter of the limit, with their own headers", async () => {
      const { svc, api } = await startForTest({ rateLimit: 8 });
      try {
        const high = () => api.get("/template/files_as_file_url/0123456789abcdef0123456789abcdef0123456789");
        const first = await high();
        assert.equal(first.headers.get("x-ratelimit-limit"), "2");
        assert.deepEqual([first.status === 429, (await high()).status === 429, (await high()).status], [false, false, 429]);
        const standard = await api.get("/account");
        expectStatus(standard, 200);
        assert.equal(standard.headers.get("x-ratelimit-limit"), "8");
        assert.equal(remaining(standard), 7, "the high tier's requests are not the standard tier's");
      } finally {
        await svc.close();
      }
    });

    it("rateLimitWindowMs is the time the bucket takes to refill: a token returns every window/N", async () => {
      const { svc, api } = await startForTest({ rateLimit: 2, rateLimitWindowMs: 1000 });
      try {
        expectStatus(await api.get("/account"));
        expectStatus(await api.get("/account"));
        expectEnvelope(await api.get("/account"), 429, "exceeded_rate");
        await sleep(550); // one token back after 500 ms
        const next = await api.get("/account");
        expectStatus(next, 200);
        assert.equal(remaining(next), 0);
        await sleep(1100); // full again
        assert.equal(remaining(await api.get("/account")), 1);
      } finally {
        await svc.close();
      }
    });

    // S2 edit_url in test mode (2023-02-20): the first call's reset is now, the second's (2 of 10 used) 5 s ahead
    it("the reset excludes the request just answered: a 10-a-minute bucket says now, then about 5 s", async () => {
      const { svc, api } = await startForTest({ rateLimit: 10 });
      try {
        const start = nowSeconds();
        const first = Number((await api.get("/account")).headers.get("x-ratelimit-reset"));
        const second = Number((await api.get("/account")).headers.get("x-ratelimit-reset"));
        assert.ok(first - start <= 1, `first reset ${first - start} s ahead`);
        assert.ok(second - start >= 4 && second - start <= 7, `second reset ${second - start} s ahead`);
      } finally {
        await svc.close();
      }
    });
  });

  describe("the test-mode tier", () => {
    let svc: RunningService;
    let api: Api;
    before(async () => ({ svc, api } = await startForTest({ rateLimit: 100 })));
    after(() => svc.close());

    // S12 api-requests-that-count-against-limit ("test mode 10 requests per minute"); S2 cassettes 2020-2023 (x-ratelimit-limit: 10 on test-mode calls)
    it("requests with test_mode count against 10 a minute of their own, in JSON or form bodies", async () => {
      const tpl = "0123456789abcdef0123456789abcdef01234567";
      const testMode = await api.post(`/embedded/edit_url/${tpl}`, { test_mode: true });
      assert.equal(testMode.headers.get("x-ratelimit-limit"), "10");
      assert.equal(remaining(testMode), 9);
      const form = await api.form("POST", `/embedded/edit_url/${tpl}`, { test_mode: "1" });
      assert.equal(form.headers.get("x-ratelimit-limit"), "10");
      assert.equal(remaining(form), 8);
      const production = await api.post(`/embedded/edit_url/${tpl}`, { test_mode: false });
      assert.equal(production.headers.get("x-ratelimit-limit"), "100");
      for (let i = 0; i < 8; i++) await api.post(`/embedded/edit_url/${tpl}`, { test_mode: true });
      expectEnvelope(await api.post(`/embedded/edit_url/${tpl}`, { test_mode: true }), 429, "exceeded_rate");
      expectStatus(await api.get("/account"), 200);
    });
  });

  describe("options", () => {
    // The description (S11 components/headers) spells it X-RateLimit-Remaining: a client must read both
    it("rateLimitHeaders: 'description' sends X-RateLimit-Remaining instead", async () => {
      const { svc, api } = await startForTest({ rateLimit: 100, rateLimitHeaders: "description" });
      try {
        const r = await api.get("/account");
        assert.equal(r.headers.get("x-ratelimit-remaining"), "99");
        assert.equal(r.headers.get("x-ratelimit-limit-remaining"), null);
        assert.equal(r.headers.get("x-ratelimit-limit"), "100");
      } finally {
        await svc.close();
      }
    });

    // Our guess before the recordings (D66): kept as an option for clients that model windows
    it("rateLimitModel: 'window' counts in fixed windows whose reset is the window's end", async () => {
      const { svc, api } = await startForTest({ rateLimit: 2, rateLimitWindowMs: 1000, rateLimitModel: "window" });
      try {
        const first = await api.get("/account");
        const reset = Number(first.headers.get("x-ratelimit-reset"));
        assert.ok(reset * 1000 - Date.now() <= 1000, "the reset is at most one window away");
        while (Date.now() < reset * 1000) await sleep(20);
        const next = await api.get("/account");
        expectStatus(next, 200);
        assert.equal(remaining(next), 1);
        assert.equal(Number(next.headers.get("x-ratelimit-reset")), reset + 1);
      } finally {
        await svc.close();
      }
    });
  });

  describe("off by default", () => {
    let svc: RunningService;
    let api: Api;
    before(async () => ({ svc, api } = await startForTest()));
    after(() => svc.close());

    it("never answers 429, and its headers never tell a client to wait", async () => {
      const rs = await Promise.all(Array.from({ length: 250 }, () => api.get("/account")));
      assert.ok(rs.every((r) => r.status === 200));
      assert.ok(rs.every((r) => r.headers.get("x-ratelimit-limit") === String(UNENFORCED_LIMIT)));
      assert.ok(rs.every((r) => remaining(r) > UNENFORCED_LIMIT - 300));
      // Test mode is not limited either when nothing is.
      const tm = await api.post("/embedded/edit_url/0123456789abcdef0123456789abcdef01234567", { test_mode: true });
      assert.equal(tm.headers.get("x-ratelimit-limit"), String(UNENFORCED_LIMIT));
    });
  });
});
