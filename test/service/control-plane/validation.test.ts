/**
 * Control-plane bodies and queries are checked by each route's zod schema before its handler
 * runs: a wrong value is the service's 400 envelope naming the field and the rule, and nothing
 * changes. Every route is registered once, by the area or module that owns it.
 */
import assert from "node:assert/strict";
import { Api, expectErrorAt, expectStatus, startForTest } from "../support/api";
import type { RunningService } from "../../../service";

describe("service: control plane validation", () => {
  let svc: RunningService;
  let api: Api;
  before(async () => ({ svc, api } = await startForTest()));
  after(() => svc.close());

  it("lists every control route exactly once", async () => {
    const routes = (await api.ctl("GET", "/")).body.routes as { method: string; path: string }[];
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    assert.deepEqual(
      keys.filter((k, i) => keys.indexOf(k) !== i),
      [],
    );
    // Area-owned routes are there, each once: signature requests, drafts, templates, teams.
    for (const k of ["POST /_local/signature_requests", "GET /_local/unclaimed_drafts", "PATCH /_local/templates/{template_id}", "PATCH /_local/team"]) {
      assert.equal(keys.filter((x) => x === k).length, 1, k);
    }
  });

  it("a body field of the wrong type is a 400 naming it, with a one-line rule", async () => {
    const r = await api.ctl("POST", "/faults", { path: 5, status: 503 });
    expectErrorAt(r, 400, "path");
    assert.equal(r.body.error.error_msg, "path must be a string");
    expectErrorAt(await api.ctl("POST", "/faults", { path: "/account", status: 42 }), 400, "status");
    expectErrorAt(await api.ctl("POST", "/faults", { path: "/account", status: 503, ratio: 2 }), 400, "ratio");
    expectErrorAt(await api.ctl("PATCH", `/accounts/${svc.accountId}`, { eid: "yes" }), 400, "eid");
    expectErrorAt(await api.ctl("PATCH", `/accounts/${svc.accountId}`, { quotas: { templates_left: "many" } }), 400, "quotas.templates_left");
    expectErrorAt(await api.ctl("POST", "/signature_requests", { signers: [{ name: "No Address" }] }), 400, "signers.0.email_address");
    expectErrorAt(await api.ctl("PATCH", "/team", { name: "" }), 400, "name");
    assert.equal((await api.ctl("GET", "/faults")).body.faults.length, 0, "a refused rule is not added");
  });

  it("a query value is checked too; numbers may come as text", async () => {
    expectErrorAt(await api.ctl("GET", "/requests", undefined, { since: "soon" }), 400, "since");
    await api.get("/account");
    const r = await api.ctl("GET", "/requests", undefined, { since: "0", account_id: svc.accountId });
    expectStatus(r, 200);
    assert.ok(r.body.requests.length >= 1);
  });

  it("an out-of-band edit takes the fields it knows, each of the right shape", async () => {
    const id = (await api.post("/api_app", { name: "v", domains: ["v.com"] })).body.api_app.client_id;
    expectErrorAt(await api.ctl("PATCH", `/api_apps/${id}`, { name: 5 }), 400, "name");
    expectErrorAt(await api.ctl("PATCH", `/api_apps/${id}`, { oauth: { callback_url: "https://v.com/cb" } }), 400, "oauth.scopes");
    assert.equal((await api.get(`/api_app/${id}`)).body.api_app.name, "v", "a refused edit changes nothing");
    expectStatus(await api.ctl("PATCH", `/api_apps/${id}`, { name: "renamed", ignored: true }));
    assert.equal((await api.get(`/api_app/${id}`)).body.api_app.name, "renamed");
  });
});
