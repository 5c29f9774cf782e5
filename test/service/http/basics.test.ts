/**
 * The HTTP layer of the local service: auth, envelope, routing errors, rate-limit headers,
 * body encodings (JSON, urlencoded, multipart with bracket names and JSON-string fields).
 */
import assert from "node:assert/strict";
import { Api, expectEnvelope, expectStatus, startForTest } from "../support/api";
import type { RunningService } from "../../../service";

describe("service: HTTP basics", () => {
  let svc: RunningService;
  let api: Api;
  before(async () => ({ svc, api } = await startForTest()));
  after(() => svc.close());

  it("startService reports url, baseUrl, apiKey and accountId", async () => {
    assert.match(svc.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(svc.baseUrl, `${svc.url}/v3`);
    assert.equal(svc.apiKey, "devkey");
    assert.match(svc.accountId, /^[0-9a-f]{40}$/);
    const r = await api.get("/account");
    expectStatus(r, 200);
    assert.equal(r.body.account.account_id, svc.accountId);
  });

  it("401 unauthorized without credentials, with an unknown key, or with a bad scheme", async () => {
    expectEnvelope(await api.get("/account", { key: null }), 401, "unauthorized");
    expectEnvelope(await api.get("/account", { key: "nope" }), 401, "unauthorized");
    expectEnvelope(await api.get("/account", { key: null, headers: { Authorization: "Digest abc" } }), 401, "unauthorized");
    expectEnvelope(await api.get("/account", { token: "not-a-token" }), 401, "unauthorized");
  });

  it("accepts Basic auth with the key as user name and an empty password", async () => {
    const r = await api.get("/account", { key: null, headers: { Authorization: `Basic ${Buffer.from("devkey:").toString("base64")}` } });
    expectStatus(r, 200);
  });

  it("accepts bearer tokens minted for OAuth-enabled apps, but not on API-key-only endpoints", async () => {
    const app = await api.post("/api_app", { name: "o", domains: ["a.com"], oauth: { callback_url: "https://a.com/cb", scopes: ["basic_account_info"] } });
    expectStatus(app, 201);
    const plain = await api.post("/api_app", { name: "p", domains: ["a.com"] });
    const noOauth = await api.ctl("POST", "/oauth/token", { account_id: svc.accountId, client_id: plain.body.api_app.client_id });
    expectEnvelope(noOauth, 400, "bad_request");
    const t = await api.ctl("POST", "/oauth/token", { account_id: svc.accountId, client_id: app.body.api_app.client_id });
    expectStatus(t, 201);
    const token = t.body.access_token as string;
    expectStatus(await api.get("/account", { token }), 200);
    expectEnvelope(await api.get("/fax_line/list", { token }), 401, "unauthorized");
    // Deleting the app invalidates its tokens.
    expectStatus(await api.del(`/api_app/${app.body.api_app.client_id}`), 204);
    expectEnvelope(await api.get("/account", { token }), 401, "unauthorized");
  });

  it("unknown routes are 404 not_found and wrong methods 405, both with the envelope", async () => {
    expectEnvelope(await api.get("/nothing/here"), 404, "not_found");
    expectEnvelope(await api.req("GET", "/../../etc/passwd"), 404);
    const r = await api.req("DELETE", "/team/create");
    expectEnvelope(r, 405, "method_not_supported");
    assert.ok(r.headers.get("allow")?.includes("POST"));
    const outside = await fetch(`${svc.url}/v2/account`);
    assert.equal(outside.status, 404);
    assert.equal(((await outside.json()) as { error: { error_name: string } }).error.error_name, "not_found");
  });

  it("rate-limit headers are on every authenticated response, errors included (not on a 401: recorded-edges.test.ts)", async () => {
    for (const r of [await api.get("/account"), await api.get("/nothing"), await api.post("/api_app", {}), await api.req("DELETE", "/team/create")]) {
      assert.match(r.headers.get("x-ratelimit-limit") ?? "", /^\d+$/, r.text);
      assert.match(r.headers.get("x-ratelimit-limit-remaining") ?? "", /^\d+$/);
      assert.match(r.headers.get("x-ratelimit-reset") ?? "", /^\d{10}$/);
    }
    // Unenforced, the bucket refills faster than one request takes: the count down is in rate-limit.test.ts.
    const a = await api.get("/account");
    assert.ok(Number(a.headers.get("x-ratelimit-limit-remaining")) < Number(a.headers.get("x-ratelimit-limit")), "a request takes a token");
  });

  it("malformed bodies are 400 envelopes", async () => {
    expectEnvelope(await api.req("POST", "/api_app", { raw: "{not json", contentType: "application/json" }), 400, "bad_request");
    expectEnvelope(await api.req("POST", "/api_app", { raw: "[1,2]", contentType: "application/json" }), 400, "bad_request");
    expectEnvelope(await api.req("POST", "/api_app", { raw: "hello", contentType: "text/plain" }), 400, "bad_request");
    expectEnvelope(await api.req("POST", "/api_app", { raw: "--x\r\nbroken", contentType: "multipart/form-data; boundary=x" }), 400, "bad_request");
    expectEnvelope(await api.req("POST", "/api_app", { raw: "a=1", contentType: "multipart/form-data" }), 400, "bad_request");
    expectEnvelope(await api.req("POST", "/api_app", { urlencoded: "domains[]=a&domains[x]=b&name=n" }), 400, "bad_request");
    expectEnvelope(await api.req("POST", "/api_app", { json: { __proto__: 1, name: "x" }, raw: '{"__proto__":{"a":1},"name":"x","domains":["a.com"]}', contentType: "application/json" }), 400);
  });

  it("validation failures name the parameter in error_path", async () => {
    const r = await api.post("/api_app", { name: "x", domains: [] });
    expectEnvelope(r, 400, "bad_request");
    assert.equal(r.body.error.error_path, "domains");
    const q = await api.get("/api_app/list", { query: { page_size: 0 } });
    expectEnvelope(q, 400, "bad_request");
    assert.equal(q.body.error.error_path, "page_size");
  });

  it("form bodies: bracket notation is unflattened (urlencoded and multipart)", async () => {
    const u = await api.req("POST", "/api_app", {
      urlencoded: "name=u&domains[]=a.com&domains[]=b.com&oauth[callback_url]=https://a.com/cb&oauth[scopes][]=basic_account_info&options[can_insert_everywhere]=1",
    });
    expectStatus(u, 201);
    assert.deepEqual(u.body.api_app.domains, ["a.com", "b.com"]);
    assert.deepEqual(u.body.api_app.oauth.scopes, ["basic_account_info"]);
    assert.equal(u.body.api_app.options.can_insert_everywhere, true);
    const fd = new FormData();
    fd.append("name", "m");
    fd.append("domains[0]", "x.com");
    fd.append("domains[1]", "y.com");
    fd.append("oauth[callback_url]", "https://x.com/cb");
    fd.append("oauth[scopes][]", "request_signature");
    const m = await api.req("POST", "/api_app", { form: fd });
    expectStatus(m, 201);
    assert.deepEqual(m.body.api_app.domains, ["x.com", "y.com"]);
    assert.deepEqual(m.body.api_app.oauth.scopes, ["request_signature"]);
  });

  it("form bodies: JSON strings in fields (the official SDK's encoding)", async () => {
    const fd = new FormData();
    fd.append("name", "sdk");
    fd.append("domains", JSON.stringify(["sdk.com"]));
    fd.append("oauth", JSON.stringify({ callback_url: "https://sdk.com/cb", scopes: ["basic_account_info"] }));
    const r = await api.req("POST", "/api_app", { form: fd });
    expectStatus(r, 201);
    assert.deepEqual(r.body.api_app.domains, ["sdk.com"]);
    assert.equal(r.body.api_app.oauth.callback_url, "https://sdk.com/cb");
  });

  it("ids have the real shapes: client_id 32 hex, account and team ids 40 hex; timestamps in seconds", async () => {
    const r = await api.post("/api_app", { name: "ids", domains: ["a.com"] });
    assert.match(r.body.api_app.client_id, /^[0-9a-f]{32}$/);
    assert.ok(Math.abs(r.body.api_app.created_at - Date.now() / 1000) < 60);
  });

  it("PUT /account sets the account callback URL", async () => {
    const r = await api.put("/account", { callback_url: "https://example.com/cb" });
    expectStatus(r, 200);
    assert.equal(r.body.account.callback_url, "https://example.com/cb");
    expectEnvelope(await api.put("/account", { callback_url: 5 }), 400, "bad_request");
  });
});

describe("service: createApp", () => {
  it("is a request handler for http.createServer, without startService", async () => {
    const http = await import("node:http");
    const { createApp } = await import("../../../service");
    const app = createApp({ apiKey: "inproc" });
    const server = http.createServer(app);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    try {
      const port = (server.address() as { port: number }).port;
      const res = await fetch(`http://127.0.0.1:${port}/v3/account`, { headers: { Authorization: `Basic ${Buffer.from("inproc:").toString("base64")}` } });
      assert.equal(res.status, 200);
      const body = (await res.json()) as { account: { account_id: string } };
      assert.equal(body.account.account_id, app.startAccount.account_id);
      assert.equal(app.requestLog.query({}).length, 1);
    } finally {
      server.close();
      server.closeAllConnections();
      await app.close();
    }
  });
});
