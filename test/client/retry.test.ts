/**
 * Rate limits and retries over real HTTP: a 429 waits for X-Ratelimit-Reset and succeeds; a
 * 503 is retried for an idempotent operation but not for a create; a dropped connection on
 * a create is surfaced, on a read retried.
 */
import { strict as assert } from "node:assert";
import { EsignClient, isEsignApiError, type EsignApiError } from "../../provider/client";
import { apiAppBody, errorBody, startTestServer, type Handler, type TestServer } from "./support/http-server";

const fast = { baseDelayMs: 10, maxDelayMs: 40 };

describe("client: rate limits and retries", () => {
  let server: TestServer | undefined;
  const serve = async (handler: Handler) => {
    server = await startTestServer(handler);
    return new EsignClient({ apiKey: "k-123456", baseUrl: server.baseUrl, requestsPerMinute: 0, retry: fast });
  };
  afterEach(() => server?.close());

  it("waits for X-Ratelimit-Reset after a 429, then succeeds", async () => {
    let resetAt = 0;
    const client = await serve(() => {
      if (resetAt === 0) {
        resetAt = Math.ceil(Date.now() / 1000) + 1;
        return { status: 429, body: errorBody("exceeded_rate", "Rate limit exceeded"), headers: { "X-RateLimit-Limit": 100, "X-RateLimit-Remaining": 0, "X-Ratelimit-Reset": resetAt } };
      }
      return { status: 200, body: apiAppBody(), headers: { "X-RateLimit-Limit": 100, "X-RateLimit-Remaining": 99, "X-Ratelimit-Reset": resetAt + 60 } };
    });
    const app = await client.apiApp.get("0123456789abcdef0123456789abcdef");
    assert.equal(app.client_id, "0123456789abcdef0123456789abcdef");
    const [first, second] = server!.requests;
    assert.ok(second.at >= resetAt * 1000 - 5, `retried at ${second.at}, before the reset ${resetAt * 1000}`);
    assert.ok(second.at - first.at < 3000);
    const stats = client.stats();
    assert.equal(stats.rateLimited, 1);
    assert.equal(stats.requestsSent, 2);
    assert.deepEqual(stats.responsesByStatus, { "200": 1, "429": 1 });
    assert.ok(stats.waitMs.rateLimit > 0);
    assert.deepEqual(stats.rateLimit, { limit: 100, remaining: 99, reset: resetAt + 60 });
  });

  /** A 429 whose Retry-After says `retryAfter`, and whose reset (now) and our own estimate would retry at once; then a 200. */
  async function afterRetryAfter(retryAfter: (dateHeader: string) => string): Promise<number> {
    let calls = 0;
    const client = await serve(() => {
      const date = new Date().toUTCString();
      if (++calls > 1) return { status: 200, body: apiAppBody() };
      const now = Math.floor(Date.now() / 1000);
      return {
        status: 429,
        body: errorBody("exceeded_rate", "Too many requests."),
        headers: { Date: date, "Retry-After": retryAfter(date), "X-Ratelimit-Limit": 100, "X-Ratelimit-Limit-Remaining": 0, "X-Ratelimit-Reset": now },
      };
    });
    await client.apiApp.get("0123456789abcdef0123456789abcdef");
    const [first, second] = server!.requests;
    return second.at - first.at;
  }

  it("honours Retry-After in seconds before the reset and its own estimate (D131)", async () => {
    const waited = await afterRetryAfter(() => "2");
    assert.ok(waited >= 1900 && waited < 4000, `retried after ${waited} ms, Retry-After said 2 s`);
  });

  it("honours Retry-After as an HTTP-date, read against the answer's Date (D131)", async () => {
    // Two seconds after the answer's own Date (whole seconds: the date form has no fraction).
    const waited = await afterRetryAfter((date) => new Date(Date.parse(date) + 2000).toUTCString());
    assert.ok(waited >= 900 && waited < 4000, `retried after ${waited} ms, Retry-After named a time 2 s after Date`);
  });

  it("bounds a Retry-After far in the future by the policy", async () => {
    let calls = 0;
    server = await startTestServer(() => (++calls === 1 ? { status: 429, body: errorBody("exceeded_rate", "slow down"), headers: { "Retry-After": "3600" } } : { status: 200, body: apiAppBody() }));
    const client = new EsignClient({ baseUrl: server.baseUrl, apiKey: "k-123456", requestsPerMinute: 0, retry: { maxRateLimitWaitMs: 50 } });
    const started = Date.now();
    await client.apiApp.get("x");
    assert.ok(Date.now() - started < 1000);
  });

  it("retries a 429 even for a create (the request was not processed)", async () => {
    let calls = 0;
    const client = await serve(() =>
      ++calls === 1 ? { status: 429, body: errorBody("exceeded_rate", "slow down"), headers: { "X-Ratelimit-Reset": Math.floor(Date.now() / 1000) } } : { status: 201, body: apiAppBody() },
    );
    await client.apiApp.create({ name: "App", domains: ["example.com"] });
    assert.equal(calls, 2);
  });

  it("bounds the wait for a reset far in the future", async () => {
    let calls = 0;
    server = await startTestServer(() =>
      ++calls === 1 ? { status: 429, body: errorBody("exceeded_rate", "slow down"), headers: { "X-Ratelimit-Reset": Math.floor(Date.now() / 1000) + 3600 } } : { status: 200, body: apiAppBody() },
    );
    const client = new EsignClient({ baseUrl: server.baseUrl, apiKey: "k-123456", requestsPerMinute: 0, retry: { maxRateLimitWaitMs: 50 } });
    const started = Date.now();
    await client.apiApp.get("x");
    assert.ok(Date.now() - started < 1000);
  });

  it("retries a 503 for an idempotent operation", async () => {
    let calls = 0;
    const client = await serve(() => (++calls < 3 ? { status: 503, body: errorBody("maintenance", "down") } : { status: 200, body: apiAppBody() }));
    await client.apiApp.get("x");
    assert.equal(calls, 3);
    assert.equal(client.stats().retries, 2);
  });

  it("gives up on a 503 after the policy's retries", async () => {
    const client = await serve(() => ({ status: 503, body: errorBody("maintenance", "down") }));
    const error = await client.team.get().catch((thrown: unknown) => thrown);
    assert.ok(isEsignApiError(error));
    assert.equal(error.status, 503);
    assert.equal(server!.requests.length, 1 + client.retryPolicy.retries);
  });

  it("does NOT retry a 503 for a create, and marks the failure ambiguous", async () => {
    const client = await serve(() => ({ status: 503, body: errorBody("maintenance", "down") }));
    const error = (await client.apiApp.create({ name: "App", domains: ["example.com"] }).catch((thrown: unknown) => thrown)) as EsignApiError;
    assert.ok(isEsignApiError(error));
    assert.equal(error.status, 503);
    assert.equal(error.errorName, "maintenance");
    assert.equal(error.operation, "api_app.create");
    assert.equal(error.ambiguous, true);
    assert.equal(server!.requests.length, 1);
    assert.equal(client.stats().retries, 0);
  });

  it("surfaces a network error on a create without retrying", async () => {
    const client = await serve(() => "destroy");
    const error = (await client.faxLine.create({ area_code: 415, country: "US" }).catch((thrown: unknown) => thrown)) as EsignApiError;
    assert.ok(isEsignApiError(error));
    assert.equal(error.status, 0);
    assert.equal(error.errorName, "network_error");
    assert.equal(error.ambiguous, true);
    assert.equal(server!.requests.length, 1);
  });

  it("retries a network error on an idempotent operation", async () => {
    let calls = 0;
    const client = await serve(() => (++calls === 1 ? "destroy" : { status: 200, body: { fax_line: { number: "+14155550100", accounts: [] } } }));
    const line = await client.faxLine.get({ number: "+14155550100" });
    assert.equal(line.number, "+14155550100");
    assert.equal(calls, 2);
    assert.equal(client.stats().networkErrors, 1);
  });

  it("does not retry 4xx errors and exposes the error envelope", async () => {
    const client = await serve(() => ({ status: 400, body: { error: { error_name: "bad_request", error_msg: "name must not be blank", error_path: "name" } } }));
    const error = (await client.team.update({ name: "x" }).catch((thrown: unknown) => thrown)) as EsignApiError;
    assert.ok(isEsignApiError(error) && error.isEsignApiError());
    assert.deepEqual([error.status, error.errorName, error.errorPath, error.method, error.path], [400, "bad_request", "name", "PUT", "/team"]);
    assert.equal(server!.requests.length, 1);
  });

  it("rejects a success body that breaks the contract", async () => {
    const client = await serve(() => ({ status: 200, body: { api_app: { name: "no id" } } }));
    const error = (await client.apiApp.get("x").catch((thrown: unknown) => thrown)) as EsignApiError;
    assert.equal(error.errorName, "invalid_response");
    assert.match(error.errorMsg, /api_app\.client_id/);
  });

  it("rejects an unexpected success status", async () => {
    const client = await serve(() => ({ status: 202, body: {} }));
    const unexpected = (await client.team.destroy().catch((thrown: unknown) => thrown)) as EsignApiError;
    assert.equal(unexpected.errorName, "unexpected_status");
    assert.match(unexpected.message, /expected status 200/);
  });
});
