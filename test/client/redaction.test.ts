/**
 * Credentials never leak: the API key (and its Basic token), the bearer token and OAuth
 * secrets are absent from an error's message, stack and JSON, and from log lines, even when
 * the server echoes them back.
 */
import { strict as assert } from "node:assert";
import { EsignClient, EsignApiError, REDACTED, Redactor } from "../../provider/client";
import { startTestServer, type TestServer } from "./support/http-server";

const API_KEY = "c0ffee11c0ffee22c0ffee33c0ffee44c0ffee55c0ffee66c0ffee77c0ffee88";
const TOKEN = "eyJhbGciOiJIUzI1NiJ9.secret-token-payload.signature123";
const OAUTH_SECRET = "98b6ec1a4d5c5ab9d7f1e0c3f1b2a4d5";
const BASIC = Buffer.from(`${API_KEY}:`).toString("base64");

function everythingVisible(error: unknown, logs: string[]): string {
  const e = error as EsignApiError;
  return [e.message, e.stack ?? "", JSON.stringify(e), String(e), ...logs].join("\n");
}

function assertClean(text: string): void {
  for (const secret of [API_KEY, TOKEN, OAUTH_SECRET, BASIC]) assert.ok(!text.includes(secret), `leaked ${secret.slice(0, 8)}...`);
}

describe("client: redaction", () => {
  let server: TestServer;
  before(async () => {
    // A hostile server that echoes credentials back in the error message.
    server = await startTestServer((request) => ({
      status: 401,
      body: {
        error: {
          error_name: "unauthorized",
          error_msg: `bad credentials: ${request.headers.authorization} api_key=${API_KEY} oauth.secret="${OAUTH_SECRET}" client_secret=${OAUTH_SECRET}`,
          error_path: `Authorization: ${request.headers.authorization}`,
        },
      },
    }));
  });
  after(() => server.close());

  it("redacts the API key and its Basic token from errors and logs", async () => {
    const logs: string[] = [];
    const logger = { debug: (line: string) => logs.push(line), warn: (line: string) => logs.push(line) };
    const client = new EsignClient({ apiKey: API_KEY, baseUrl: server.baseUrl, requestsPerMinute: 0, logger });
    const error = await client.team.get().catch((thrown: unknown) => thrown);
    assert.ok(error instanceof EsignApiError);
    assert.equal(server.requests[0].headers.authorization, `Basic ${BASIC}`);
    const visible = everythingVisible(error, logs);
    assertClean(visible);
    assert.ok(visible.includes(REDACTED));
    assert.ok(!("config" in (error as object)) && !("request" in (error as object)) && !("response" in (error as object)));
  });

  it("redacts a bearer token and OAuth secrets", async () => {
    const client = new EsignClient({ accessToken: TOKEN, baseUrl: server.baseUrl, requestsPerMinute: 0 });
    const error = await client.apiApp.get("x").catch((thrown: unknown) => thrown);
    assert.equal(server.requests.at(-1)?.headers.authorization, `Bearer ${TOKEN}`);
    assertClean(everythingVisible(error, []));
  });

  it("redacts network errors too", async () => {
    const client = new EsignClient({ apiKey: API_KEY, baseUrl: "http://127.0.0.1:1/v3", requestsPerMinute: 0, retry: { retries: 0 } });
    const error = await client.team.get().catch((thrown: unknown) => thrown);
    assert.equal((error as EsignApiError).status, 0);
    assertClean(everythingVisible(error, []));
  });

  it("Redactor masks known secrets and secret-looking pairs", () => {
    const redactor = new Redactor([API_KEY]);
    const text = redactor.text(`Authorization: Bearer abc.def {"secret":"${OAUTH_SECRET}"} ${API_KEY} access_token=zzz`);
    assertClean(text);
    assert.ok(!text.includes("abc.def") && !text.includes("zzz"));
  });
});
