/** Client-side pacing: token-bucket spacing, the concurrency cap, and the pause when Remaining hits 0. */
import { strict as assert } from "node:assert";
import { EsignClient } from "../../provider/client";
import { startTestServer, type TestServer } from "./support/http-server";

const teamBody = { team: { name: "T", accounts: [], invited_accounts: [], invited_emails: [] } };

describe("client: throttle and concurrency", () => {
  let server: TestServer | undefined;
  afterEach(() => server?.close());

  it("spaces requests by requestsPerMinute once the burst is used", async () => {
    server = await startTestServer(() => ({ status: 200, body: teamBody }));
    // 600/min = one request every 100 ms, burst 1. Timed when the client lets each request go
    // (onRequest). A token bucket keeps the pace over time, not each gap: a request the busy
    // event loop lets go late is followed by a shorter gap, so the span is what is asserted.
    const sent: number[] = [];
    const client = new EsignClient({ apiKey: "k-123456", baseUrl: server.baseUrl, requestsPerMinute: 600, burst: 1, onRequest: () => sent.push(Date.now()) });
    await Promise.all(Array.from({ length: 5 }, () => client.team.get()));
    assert.equal(server.requests.length, 5);
    const times = sent.sort((a, b) => a - b);
    assert.equal(times.length, 5);
    assert.ok(times[4] - times[0] >= 4 * 95, `5 requests within ${times[4] - times[0]} ms, under 4 x 100 ms`);
    assert.ok(client.stats().waitMs.throttle >= 350);
  });

  it("paces high-tier operations by their own bucket", async () => {
    server = await startTestServer(() => ({ status: 200, body: { unclaimed_draft: { claim_url: "https://x/claim", test_mode: true } } }));
    const client = new EsignClient({ apiKey: "k-123456", baseUrl: server.baseUrl, requestsPerMinute: 0, highTierRequestsPerMinute: 600, burst: 1 });
    const draft = { type: "send_document" as const, file_urls: ["https://example.com/a.pdf"] };
    await Promise.all([client.unclaimedDraft.create(draft), client.unclaimedDraft.create(draft), client.unclaimedDraft.create(draft)]);
    const times = server.requests.map((request) => request.at).sort((a, b) => a - b);
    assert.ok(times[2] - times[0] >= 180, `3 high-tier requests within ${times[2] - times[0]} ms`);
  });

  it("caps requests in flight at maxConcurrency", async () => {
    let inFlight = 0;
    let peak = 0;
    server = await startTestServer(async () => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 40));
      inFlight -= 1;
      return { status: 200, body: teamBody };
    });
    const client = new EsignClient({ apiKey: "k-123456", baseUrl: server.baseUrl, requestsPerMinute: 0, maxConcurrency: 2 });
    await Promise.all(Array.from({ length: 6 }, () => client.team.get()));
    assert.equal(peak, 2);
    assert.equal(server.requests.length, 6);
  });

  it("pauses until the reset when X-RateLimit-Remaining reaches 0", async () => {
    let reset = 0;
    server = await startTestServer(() => {
      reset ||= Math.ceil(Date.now() / 1000) + 1;
      const remaining = server!.requests.length === 1 ? 0 : 50;
      return { status: 200, body: teamBody, headers: { "X-RateLimit-Limit": 100, "X-RateLimit-Remaining": remaining, "X-Ratelimit-Reset": reset } };
    });
    const client = new EsignClient({ apiKey: "k-123456", baseUrl: server.baseUrl, requestsPerMinute: 0 });
    await client.team.get();
    await client.team.get();
    assert.ok(server.requests[1].at >= reset * 1000 - 5, "second request waited for the reset");
    assert.ok(client.stats().waitMs.rateLimit > 0);
    assert.equal(client.stats().rateLimited, 0, "no 429 was needed");
  });

  it("reports each attempt to onRequest / onResponse", async () => {
    server = await startTestServer(() => ({ status: 200, body: teamBody, headers: { "X-RateLimit-Limit": 100, "X-RateLimit-Remaining": 7, "X-Ratelimit-Reset": 1 } }));
    const seen: string[] = [];
    const client = new EsignClient({
      apiKey: "k-123456",
      baseUrl: server.baseUrl,
      requestsPerMinute: 0,
      onRequest: (info) => seen.push(`req ${info.operation} ${info.method} ${info.path} ${info.attempt}`),
      onResponse: (info) => seen.push(`res ${info.operation} ${info.status} ${info.rateLimit.remaining}`),
    });
    await client.team.get();
    assert.deepEqual(seen, ["req team.get GET /team 0", "res team.get 200 7"]);
  });
});
