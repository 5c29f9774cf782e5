/**
 * What the client sends and reads is bounded (issue 37, the smaller items; D143): a plain
 * http:// base URL only to this machine (the key would travel in clear), an answer larger
 * than maxResponseBytes refused while it streams and not retried, and the warnings of an
 * answer redacted like its errors before any hook (or the engine) sees them.
 */
import { strict as assert } from "node:assert";
import { DEFAULT_MAX_RESPONSE_BYTES, EsignClient, isEsignApiError, REDACTED } from "../../provider/client";
import { parseSettings } from "../../provider/deployment/settings";
import type { Warning } from "../../contract";
import { startTestServer, type TestServer } from "./support/http-server";

const API_KEY = "c0ffee11c0ffee22c0ffee33c0ffee44";
const BASIC = Buffer.from(`${API_KEY}:`).toString("base64");
const ACCOUNT = { account_id: "a1", email_address: "owner@example.com", is_locked: false, is_paid_hs: true, is_paid_hf: false, role_code: "a" };

describe("client: hostile answers and plain-text base URLs", () => {
  let server: TestServer;
  let answer: (path: string) => unknown = () => ({ account: ACCOUNT });
  before(async () => {
    server = await startTestServer((request) => ({ status: 200, body: answer(request.path) }));
  });
  after(() => server.close());

  it("refuses an http:// base URL to another host, naming the setting; https and loopback http are fine", () => {
    for (const url of ["http://api.hellosign.com/v3", "http://10.0.0.5:8787/v3", "http://esign-service:8787/v3"]) {
      assert.throws(() => new EsignClient({ apiKey: API_KEY, baseUrl: url }), /^Error: EsignClient: baseUrl uses http:\/\/ to [^ ]+, which would send the API key in clear text: use https:\/\//, url);
    }
    for (const url of ["https://api.hellosign.com/v3", "http://127.0.0.1:8787/v3", "http://127.9.9.9/v3", "http://localhost:8787/v3", "http://[::1]:8787/v3"]) {
      assert.doesNotThrow(() => new EsignClient({ apiKey: API_KEY, baseUrl: url }), url);
    }
  });

  it("the provider's esign:baseUrl setting reads the same rule, at check time", () => {
    const { issues } = parseSettings((key) => (key === "esign:baseUrl" ? "http://api.example.com/v3" : key === "esign:apiKey" ? API_KEY : undefined), {});
    const issue = issues.find((i) => i.setting === "esign:baseUrl");
    assert.ok(issue, JSON.stringify(issues));
    assert.match(issue.message, /uses http:\/\/ to api\.example\.com, which would send the API key in clear text/);
  });

  it("an answer over maxResponseBytes fails once, naming the limit, without a retry", async () => {
    answer = () => ({ account: { ...ACCOUNT, padding: "x".repeat(20_000) } });
    const before = server.requests.length;
    const client = new EsignClient({ apiKey: API_KEY, baseUrl: server.baseUrl, requestsPerMinute: 0, maxResponseBytes: 10_000 });
    const error = await client.account.get().then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(isEsignApiError(error), String(error));
    assert.match(error.message, /the answer is larger than 10000 bytes \(maxResponseBytes\); it was not read/);
    assert.equal(server.requests.length - before, 1, "asked once");
    assert.equal(DEFAULT_MAX_RESPONSE_BYTES, 64 * 1024 * 1024);
    assert.throws(() => new EsignClient({ apiKey: API_KEY, maxResponseBytes: 0 }), /maxResponseBytes must be a whole number of at least 1/);
  });

  it("the service's warnings reach onWarnings redacted, as errors are", async () => {
    answer = () => ({
      account: ACCOUNT,
      warnings: [{ warning_name: "echo", warning_msg: `key ${API_KEY} sent as Basic ${BASIC}; client_secret=abc123secret` }],
    });
    const seen: Warning[] = [];
    const client = new EsignClient({ apiKey: API_KEY, baseUrl: server.baseUrl, requestsPerMinute: 0, onWarnings: (w) => seen.push(...w) });
    await client.account.get();
    assert.equal(seen.length, 1);
    const text = JSON.stringify(seen);
    for (const secret of [API_KEY, BASIC, "abc123secret"]) assert.ok(!text.includes(secret), `leaked ${secret.slice(0, 6)}`);
    assert.ok(text.includes(REDACTED));
  });
});
