/**
 * The transport's edges as the real service was recorded answering them (sources: the S-keys of
 * /work/shared/reference/real-service-evidence.md, named on each test): 401 texts and headers,
 * Basic auth's trailing colon, unknown URIs, the 405 name, empty successes, the 429 text and the
 * role gate for team Members and Team Managers.
 */
import assert from "node:assert/strict";
import { Api, expectEnvelope, expectStatus, startForTest } from "../support/api";
import type { RunningService } from "../../../service";

const RATE_HEADERS = ["x-ratelimit-limit", "x-ratelimit-limit-remaining", "x-ratelimit-reset", "x-ratelimit-remaining"];
const basic = (credentials: string) => ({ Authorization: `Basic ${Buffer.from(credentials).toString("base64")}` });
const noRateHeaders = (r: { headers: Headers }) => RATE_HEADERS.filter((h) => r.headers.get(h) !== null);

describe("service: recorded transport edges", () => {
  let svc: RunningService;
  let api: Api;
  before(async () => ({ svc, api } = await startForTest()));
  after(() => svc.close());

  // S8 README "Errors" (measured 2026-08-18); S11 Error401Response.json; S1 testGetTemplatesInvalid.json
  it("401 texts: no credentials, a wrong key", async () => {
    const none = await api.get("/account", { key: null });
    expectEnvelope(none, 401, "unauthorized");
    assert.equal(none.body.error.error_msg, "Unauthorized user. No credentials supplied.");
    const wrong = await api.get("/account", { key: "not-a-key" });
    expectEnvelope(wrong, 401, "unauthorized");
    assert.equal(wrong.body.error.error_msg, "Unauthorized api key");
  });

  // S8 README "Setup": a Basic header without the trailing ":" "is rejected exactly like a wrong key"
  it("Basic credentials without the trailing colon are a wrong key", async () => {
    const r = await api.get("/account", { key: null, headers: basic(svc.apiKey) });
    expectEnvelope(r, 401, "unauthorized");
    assert.equal(r.body.error.error_msg, "Unauthorized api key");
    expectStatus(await api.get("/account", { key: null, headers: basic(`${svc.apiKey}:`) }), 200);
  });

  // S8 "Headers are absent on 401 and present on an authenticated 404" (measured 2026)
  it("no rate-limit headers on a 401; present on an authenticated 404", async () => {
    assert.deepEqual(noRateHeaders(await api.get("/account", { key: null })), []);
    assert.deepEqual(noRateHeaders(await api.get("/account", { key: "wrong" })), []);
    const missing = await api.get("/api_app/0123456789abcdef0123456789abcdef");
    expectEnvelope(missing, 404, "not_found");
    assert.match(missing.headers.get("x-ratelimit-limit-remaining") ?? "", /^\d+$/);
    const unknown = await api.post("/oauth/token", {});
    expectEnvelope(unknown, 404, "not_found");
    assert.match(unknown.headers.get("x-ratelimit-limit-remaining") ?? "", /^\d+$/, "an authenticated unknown URI is counted like any call");
    assert.deepEqual(noRateHeaders(await api.post("/oauth/token", {}, { key: null })), []);
  });

  // S8: POST https://api.hellosign.com/v3/oauth/token -> 404 {"error":{"error_msg":"Invalid URI...","error_name":"not_found"}} (measured 2026)
  it("an unknown URI is 404 not_found 'Invalid URI...', below /v3 and outside it", async () => {
    for (const r of [await api.post("/oauth/token", {}), await api.get("/nothing/here"), await api.get("/nothing", { key: null })]) {
      expectEnvelope(r, 404, "not_found");
      assert.deepEqual(r.body, { error: { error_msg: "Invalid URI...", error_name: "not_found" } });
    }
    const outside = await fetch(`${svc.url}/v2/account`);
    assert.equal(outside.status, 404);
    assert.deepEqual(await outside.json(), { error: { error_msg: "Invalid URI...", error_name: "not_found" } });
  });

  // S10 hellosign-dotnet-sdk HandleErrors: "method_not_supported" -> MethodNotAllowed (405); S9 ErrorNames.cs
  it("a known path with another method is 405 method_not_supported, with Allow", async () => {
    const r = await api.req("DELETE", "/team/create");
    expectEnvelope(r, 405, "method_not_supported");
    assert.equal(r.headers.get("allow"), "POST");
  });

  // S2 cancel_signature_request.yaml (2017): 200, Content-Type text/html; charset=utf-8, empty body; S15 (Node SDK "Handle empty responses")
  it("an empty success is text/html; charset=utf-8 with 0 bytes; a 204 has no body and no type", async () => {
    expectStatus(await api.post("/team/create", { name: "Short-lived" }), 200);
    const destroyed = await api.del("/team/destroy");
    expectStatus(destroyed, 200);
    assert.equal(destroyed.headers.get("content-type"), "text/html; charset=utf-8");
    assert.equal(destroyed.headers.get("content-length"), "0");
    assert.equal(destroyed.data.length, 0);
    const app = await api.newApp();
    const deleted = await api.del(`/api_app/${app}`);
    assert.equal(deleted.status, 204);
    assert.equal(deleted.headers.get("content-type"), null);
    assert.equal(deleted.data.length, 0);
  });

  // S1, S2, S6: no recorded error carries error_path; our guess keeps it only where it names a request field (400 validation)
  it("auth, routing and not-found errors carry only error_msg and error_name", async () => {
    for (const r of [await api.get("/account", { key: null }), await api.req("DELETE", "/team/create"), await api.get("/nothing")]) {
      assert.deepEqual(Object.keys(r.body.error).sort(), ["error_msg", "error_name"], r.text);
    }
    const invalid = await api.post("/api_app", { name: "x", domains: [] });
    expectEnvelope(invalid, 400, "bad_request");
    assert.equal(invalid.body.error.error_path, "domains", "a validation error still names the field (our guess: it helps)");
  });
});

describe("service: the 429 text", () => {
  let svc: RunningService;
  let api: Api;
  before(async () => ({ svc, api } = await startForTest({ rateLimit: 1 })));
  after(() => svc.close());

  // S11 Error429Response.json "Too many requests." (the description) vs S13's 2020 "... are 500 per hour." (hourly limits, gone): the description's
  it("is the description's 'Too many requests.' with exceeded_rate", async () => {
    expectStatus(await api.get("/account"));
    const r = await api.get("/account");
    expectEnvelope(r, 429, "exceeded_rate");
    assert.equal(r.body.error.error_msg, "Too many requests.");
    assert.equal(r.headers.get("x-ratelimit-limit-remaining"), "0");
  });
});

describe("service: team Members and Team Managers cannot use the API", function () {
  this.timeout(20_000);
  let svc: RunningService;
  let admin: Api;
  let member: Awaited<ReturnType<Api["newAccount"]>>;
  let manager: Awaited<ReturnType<Api["newAccount"]>>;
  let developer: Awaited<ReturnType<Api["newAccount"]>>;
  const GATE = "Unauthorized API usage. Ask your team admin to make you a developer on the Team page.";

  before(async () => {
    ({ svc, api: admin } = await startForTest({ autoAcceptInvites: true }));
    expectStatus(await admin.post("/team/create", { name: "Gate" }), 200);
    const teamId = (await admin.get("/team/info")).body.team.team_id;
    member = await admin.newAccount({ email_address: "member@example.com" });
    manager = await admin.newAccount({ email_address: "manager@example.com" });
    developer = await admin.newAccount({ email_address: "developer@example.com" });
    expectStatus(await admin.put("/team/add_member", { account_id: member.account_id }), 200);
    expectStatus(await admin.put("/team/add_member", { account_id: manager.account_id, role: "Team Manager" }, { query: { team_id: teamId } }), 200);
    expectStatus(await admin.put("/team/add_member", { account_id: developer.account_id, role: "Developer" }, { query: { team_id: teamId } }), 200);
  });
  after(() => svc.close());

  // S1 testGetApiAppInvalid.json, testGetApiAppsInvalid.json, testDeleteTemplateInvalid.json (recorded bodies); S12 team roles ("Can't make API calls")
  it("a Member's or Team Manager's key gets 401 'Unauthorized API usage...' on API-app, template and team calls, without rate headers", async () => {
    for (const who of [member, manager]) {
      for (const r of [
        await who.api.get("/api_app/list"),
        await who.api.get("/api_app/0123456789abcdef0123456789abcdef"),
        await who.api.post("/template/delete/0123456789abcdef0123456789abcdef01234567"),
        await who.api.get("/team"),
        await who.api.put("/account", { callback_url: "https://example.com/cb" }),
      ]) {
        expectEnvelope(r, 401, "unauthorized");
        assert.equal(r.body.error.error_msg, GATE);
        assert.deepEqual(noRateHeaders(r), []);
      }
    }
  });

  // Our decision (docs/local-service.md): GET /account stays readable, so a tool can tell the user which role the key's account has.
  it("GET /account still answers them, with their role_code", async () => {
    const m = await member.api.get("/account");
    expectStatus(m);
    assert.equal(m.body.account.role_code, "m");
    const t = await manager.api.get("/account");
    expectStatus(t);
    assert.equal(t.body.account.role_code, "t");
  });

  // S12: "Developer and Admin have production API keys"
  it("Developers and Admins use the API", async () => {
    expectStatus(await developer.api.get("/api_app/list"));
    expectStatus(await admin.get("/api_app/list"));
  });
});
