/**
 * The real service's rate limit as recorded (real-service-evidence.md §7): a leaky bucket whose
 * remaining count is `X-Ratelimit-Limit-Remaining` and whose `X-Ratelimit-Reset` is when it would
 * be empty (the answer's Date when nearly full). A tiny server here keeps such a bucket (real
 * HTTP); the client must take its share of it without 429s, never stall or send one request at
 * a time, and leave the account's other traffic what it uses. Windows are 20 s (share.windowMs).
 */
import { strict as assert } from "node:assert";
import { EsignClient } from "../../provider/client";
import { fitsBucket } from "../../provider/client/share";

import { startTestServer, type TestServer } from "./support/http-server";

// 20 a second, as 40 per 2 s would be, in a window long enough that whole-second headers fit a bucket.
const LIMIT = 400;
const WINDOW_MS = 20_000;
const share = { windowMs: WINDOW_MS, minObservedMs: 500, recheckMs: 50, margin: 0.1 };
const teamBody = { team: { name: "T", accounts: [], invited_accounts: [], invited_emails: [] } };

/** A leaky bucket of LIMIT per WINDOW_MS, as the real service answers it, `level` already used. */
function bucketServer(level = 0) {
  let at = Date.now();
  const limited = { ours: 0, others: 0 };
  const drain = () => {
    const now = Date.now();
    level = Math.max(0, level - ((now - at) * LIMIT) / WINDOW_MS);
    at = now;
  };
  const answer = (who: "ours" | "others") => {
    drain();
    const full = level + 1 > LIMIT;
    if (full) limited[who] += 1;
    else level += 1;
    const headers = {
      "X-Ratelimit-Limit": LIMIT,
      "X-Ratelimit-Limit-Remaining": Math.max(0, Math.floor(LIMIT - level)),
      "X-Ratelimit-Reset": Math.floor((Date.now() + (Math.max(0, level - 1) * WINDOW_MS) / LIMIT) / 1000),
    };
    return full ? { status: 429, headers, body: { error: { error_msg: "Too many requests.", error_name: "exceeded_rate" } } } : { status: 200, headers, body: teamBody };
  };
  return { answer, limited };
}

describe("client: a leaky-bucket rate limit (the real service's)", () => {
  let server: TestServer | undefined;
  afterEach(() => server?.close());

  it("reads recorded resets as a bucket's and a fixed window's reset as a window's", () => {
    // S7 2022: 100/99, reset = Date. S2 2021: 100/99, reset = Date - 1 s. S2 2023 test mode: 2 of 10 used, reset 5 s ahead.
    assert.ok(fitsBucket(100, 1, 0, 60_000));
    assert.ok(fitsBucket(100, 1, -1000, 60_000));
    assert.ok(fitsBucket(10, 2, 5000, 60_000));
    // A window's first request with 40 s of the window left, and the spec's limit of the local service.
    assert.ok(!fitsBucket(100, 1, 40_000, 60_000));
    assert.ok(!fitsBucket(1_000_000, 3, 30_000, 60_000));
  });

  it("takes its share without a 429 and without sending one request at a time", async () => {
    const bucket = bucketServer();
    let inFlight = 0;
    let peak = 0;
    server = await startTestServer(async () => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 20));
      inFlight -= 1;
      return bucket.answer("ours");
    });
    const client = new EsignClient({ apiKey: "k-123456", baseUrl: server.baseUrl, share, maxConcurrency: 4 });
    const started = Date.now();
    await Promise.all(Array.from({ length: 50 }, () => client.team.get()));
    const elapsed = Date.now() - started;
    assert.equal(bucket.limited.ours, 0, "no 429");
    // Half of 400 per 20 s after a burst of 10: 50 requests take about (50 - 10) / 10 s = 4 s.
    assert.ok(elapsed >= 3000, `50 requests in ${elapsed} ms: more than half the bucket`);
    assert.ok(elapsed < 9000, `50 requests in ${elapsed} ms: stalled`);
    assert.ok(peak > 1, "requests went out together, not one at a time");
    assert.notEqual(client.stats().rateLimit?.remaining, undefined, "the remaining count was read");
  });

  it("leaves the account's other traffic what it uses: it gets no 429 beside us", async () => {
    const bucket = bucketServer(LIMIT - 20); // production's traffic has nearly filled the bucket
    server = await startTestServer((request) => bucket.answer(request.headers["x-who"] === "others" ? "others" : "ours"));
    const ours = new EsignClient({ apiKey: "k-123456", baseUrl: server.baseUrl, share, requestsPerMinute: (LIMIT * 60_000) / WINDOW_MS, maxConcurrency: 4 });
    const url = `${server.baseUrl}/team`;
    // Production: 70% of the bucket's drain, steadily, for 6 s.
    let stop = false;
    const production = (async () => {
      while (!stop) {
        await fetch(url, { headers: { "x-who": "others" } });
        await new Promise((resolve) => setTimeout(resolve, WINDOW_MS / (LIMIT * 0.7)));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const until = Date.now() + 6000;
    let sent = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (Date.now() < until) {
          await ours.team.get();
          sent += 1;
        }
      }),
    );
    stop = true;
    await production;
    assert.equal(bucket.limited.others, 0, `production got ${bucket.limited.others} 429s beside us`);
    // What drains beyond production's 70% (6 a second, less the margin) was ours, not nothing.
    assert.ok(sent >= 10, `we sent ${sent} in 6 s`);
  });
});
