/**
 * The /_local/ control plane: accounts, reset, state, outbox, events, request log, faults,
 * and the out-of-band edits used for drift tests.
 */
import assert from "node:assert/strict";
import { Api, expectEnvelope, expectStatus, startForTest } from "../support/api";
import { pdf, templateForm } from "../support/files";
import type { RunningService } from "../../../service";

describe("service: control plane", () => {
  let svc: RunningService;
  let api: Api;
  beforeEach(async () => ({ svc, api } = await startForTest()));
  afterEach(() => svc.close());

  it("GET /_local/ lists the control routes", async () => {
    const r = await api.ctl("GET", "/");
    expectStatus(r, 200);
    assert.ok(r.body.routes.some((x: { path: string }) => x.path === "/_local/faults"));
  });

  it("POST /accounts makes an account with plan and quotas; its key works", async () => {
    const r = await api.ctl("POST", "/accounts", { email_address: "p@example.com", plan: "enterprise", quotas: { templates_left: 7 } });
    expectStatus(r, 201);
    assert.match(r.body.account_id, /^[0-9a-f]{40}$/);
    const me = await api.as(r.body.api_key).get("/account");
    assert.equal(me.body.account.email_address, "p@example.com");
    assert.equal(me.body.account.quotas.templates_left, 7);
    expectEnvelope(await api.ctl("POST", "/accounts", { plan: "gold" }), 400, "bad_request");
    expectEnvelope(await api.ctl("POST", "/accounts", { email_address: "p@example.com" }), 400, "bad_request");
    const p = await api.ctl("PATCH", `/accounts/${r.body.account_id}`, { plan: "free" });
    assert.equal(p.body.plan, "free");
  });

  it("reset forgets everything but the start account", async () => {
    await api.post("/api_app", { name: "x", domains: ["a.com"] });
    await api.post("/team/create", {});
    expectStatus(await api.ctl("POST", "/reset"), 200);
    assert.equal((await api.get("/api_app/list")).body.list_info.num_results, 0);
    expectEnvelope(await api.get("/team"), 404, "not_found");
    const me = await api.get("/account");
    assert.equal(me.body.account.account_id, svc.accountId);
    const state = await api.ctl("GET", "/state");
    assert.deepEqual(Object.keys(state.body.accounts), [svc.accountId]);
  });

  it("the request log counts calls per account with status, operation and error name", async () => {
    const other = await api.newAccount();
    await api.ctl("DELETE", "/requests");
    const since = (await api.ctl("GET", "/requests")).body.last_seq;
    await api.get("/account");
    await api.post("/api_app", { name: "x" });
    await other.api.get("/api_app/list");
    await api.get("/nope");
    const mine = await api.ctl("GET", "/requests", undefined, { account_id: svc.accountId, since });
    assert.deepEqual(
      mine.body.requests.map((r: { operation: string; status: number }) => [r.operation, r.status]),
      [
        ["account.get", 200],
        ["api_app.create", 400],
        // An authenticated unknown URI counts against the account like any call (recorded: S8).
        [null, 404],
      ],
    );
    assert.equal(mine.body.requests[1].error_name, "bad_request");
    const all = await api.ctl("GET", "/requests", undefined, { since });
    assert.equal(all.body.requests.length, 4);
    assert.ok(all.body.requests.every((r: { seq: number }) => r.seq > since));
    expectStatus(await api.ctl("DELETE", "/requests"), 200);
    assert.equal((await api.ctl("GET", "/requests")).body.requests.length, 0);
  });

  it("fault rules: forced status for the next N matches, then normal again; delays; DELETE clears", async () => {
    const f = await api.ctl("POST", "/faults", { method: "GET", path: "/api_app/*", status: 503, count: 2 });
    expectStatus(f, 201);
    const app = await api.post("/api_app", { name: "x", domains: ["a.com"] });
    const id = app.body.api_app.client_id;
    expectEnvelope(await api.get(`/api_app/${id}`), 503);
    expectEnvelope(await api.get(`/api_app/${id}`), 503);
    expectStatus(await api.get(`/api_app/${id}`), 200);
    await api.ctl("POST", "/faults", { path: "/account", status: 429, count: 1 });
    const limited = await api.get("/account");
    expectEnvelope(limited, 429, "exceeded_rate");
    assert.ok(limited.headers.get("x-ratelimit-limit"));
    await api.ctl("POST", "/faults", { path: "/account", delay_ms: 150 });
    const t0 = Date.now();
    expectStatus(await api.get("/account"), 200);
    assert.ok(Date.now() - t0 >= 140);
    await api.ctl("POST", "/faults", { path: "/team/**", status: 500, error_name: "maintenance" });
    expectEnvelope(await api.get("/team/info"), 500, "maintenance");
    expectStatus(await api.ctl("DELETE", "/faults"), 200);
    expectEnvelope(await api.get("/team/info"), 404, "not_found");
    const log = await api.ctl("GET", "/requests", undefined, { account_id: svc.accountId });
    assert.ok(log.body.requests.filter((r: { fault: boolean }) => r.fault).length >= 4);
    expectEnvelope(await api.ctl("POST", "/faults", { path: "/x" }), 400, "bad_request");
  });

  it("drift edits: API app rename and delete", async () => {
    const id = (await api.post("/api_app", { name: "x", domains: ["a.com"] })).body.api_app.client_id;
    expectStatus(await api.ctl("PATCH", `/api_apps/${id}`, { name: "Changed in UI", is_approved: true }), 200);
    const g = await api.get(`/api_app/${id}`);
    assert.equal(g.body.api_app.name, "Changed in UI");
    assert.equal(g.body.api_app.is_approved, true);
    expectStatus(await api.ctl("DELETE", `/api_apps/${id}`), 200);
    expectEnvelope(await api.get(`/api_app/${id}`), 404);
    expectEnvelope(await api.ctl("DELETE", `/api_apps/${id}`), 404);
  });

  it("drift edits: team rename and member removal", async () => {
    await api.post("/team/create", { name: "Before" });
    const m = await api.newAccount({ email_address: "dm@example.com" });
    await api.put("/team/add_member", { account_id: m.account_id });
    await api.ctl("POST", "/invites/accept", { email_address: "dm@example.com" });
    expectStatus(await api.ctl("PATCH", "/team", { account_id: svc.accountId, name: "After" }), 200);
    expectStatus(await api.ctl("DELETE", `/team/members/${m.account_id}`), 200);
    const t = await api.get("/team");
    assert.equal(t.body.team.name, "After");
    assert.equal(t.body.team.accounts.length, 1);
  });

  it("drift edits: template access and deletion, fax line users", async () => {
    await api.post("/team/create", {});
    const m = await api.newAccount({ email_address: "dt@example.com" });
    // A Developer: a Member's key cannot use the API (D77).
    await api.put("/team/add_member", { account_id: m.account_id, role: "Developer" }, { query: { team_id: (await api.get("/team/info")).body.team.team_id } });
    await api.ctl("POST", "/invites/accept", { email_address: "dt@example.com" });
    const form = templateForm([pdf(1)], { signer_roles: [{ name: "A" }], form_fields_per_document: [] });
    const id = (await api.req("POST", "/template/create", { form })).body.template.template_id;
    expectStatus(await api.ctl("POST", `/templates/${id}/users`, { account_id: m.account_id }), 200);
    expectStatus(await m.api.get(`/template/${id}`), 200);
    expectStatus(await api.ctl("DELETE", `/templates/${id}/users/${m.account_id}`), 200);
    expectEnvelope(await m.api.get(`/template/${id}`), 404);
    expectStatus(await api.ctl("DELETE", `/templates/${id}`), 200);
    expectEnvelope(await api.get(`/template/${id}`), 404);

    const n = (await api.post("/fax_line/create", { country: "US", area_code: 212 })).body.fax_line.number;
    expectStatus(await api.ctl("POST", `/fax_lines/${encodeURIComponent(n)}/users`, { account_id: m.account_id }), 200);
    assert.equal((await api.get("/fax_line", { query: { number: n } })).body.fax_line.accounts.length, 2);
    expectStatus(await api.ctl("DELETE", `/fax_lines/${encodeURIComponent(n)}/users/${m.account_id}`), 200);
    assert.equal((await api.get("/fax_line", { query: { number: n } })).body.fax_line.accounts.length, 1);
  });

  it("the control plane has its own 404 and 405 envelopes", async () => {
    expectEnvelope(await api.ctl("GET", "/nope"), 404, "not_found");
    expectEnvelope(await api.ctl("PUT", "/reset"), 405);
  });
});
