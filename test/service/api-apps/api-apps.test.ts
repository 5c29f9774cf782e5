/**
 * API apps over HTTP: create/get/list/update/delete, ownership and visibility, white labeling,
 * secrets, "" clears, logos via multipart. What the recordings decide (unique names, the
 * test_mode_only warning, the answered forms) is in recorded.test.ts beside this file.
 */
import assert from "node:assert/strict";
import { Api, expectEnvelope, expectStatus, startForTest } from "../support/api";
import type { RunningService } from "../../../service";

describe("service: API apps", () => {
  let svc: RunningService;
  let api: Api;
  before(async () => ({ svc, api } = await startForTest({ plan: "premium" })));
  after(() => svc.close());

  let made = 0;
  /** Names are unique per account (recorded.test.ts): each app gets its own unless the test names it. */
  const create = (body: Record<string, unknown> = {}, who = api) => who.post("/api_app", { name: `App ${++made}`, domains: ["example.com"], ...body });

  it("create answers 201 with the api_app wrapped in its key", async () => {
    const r = await create({ name: "App", callback_url: "https://example.com/cb" });
    expectStatus(r, 201);
    const app = r.body.api_app;
    assert.equal(app.name, "App");
    assert.deepEqual(app.domains, ["example.com"]);
    assert.equal(app.callback_url, "https://example.com/cb");
    assert.equal(app.is_approved, false);
    assert.equal(app.oauth, null);
    assert.deepEqual(app.owner_account, { account_id: svc.accountId, email_address: "dev@example.com" });
  });

  it("create validates with the contract: name and domains required, at most 10 domains", async () => {
    expectEnvelope(await api.post("/api_app", { domains: ["a.com"] }), 400, "bad_request");
    expectEnvelope(await api.post("/api_app", { name: "x" }), 400, "bad_request");
    const many = Array.from({ length: 11 }, (_, i) => `d${i}.com`);
    const r = await create({ domains: many });
    expectEnvelope(r, 400, "bad_request");
    assert.equal(r.body.error.error_path, "domains");
    expectStatus(await create({ domains: many.slice(0, 10) }), 201);
    expectEnvelope(await create({ oauth: { callback_url: "https://a.com" } }), 400, "bad_request");
    expectEnvelope(await create({ oauth: { callback_url: "https://a.com", scopes: ["nope"] } }), 400, "bad_request");
  });

  it("get and list; list paginates with list_info", async () => {
    const a = await create({ name: "Listed" });
    const g = await api.get(`/api_app/${a.body.api_app.client_id}`);
    expectStatus(g, 200);
    assert.equal(g.body.api_app.name, "Listed");
    const all = await api.get("/api_app/list", { query: { page_size: 100 } });
    const n = all.body.list_info.num_results;
    assert.ok(n >= 2);
    assert.equal(all.body.api_apps.length, n);
    const p2 = await api.get("/api_app/list", { query: { page: 2, page_size: 1 } });
    assert.deepEqual(p2.body.list_info, { page: 2, num_pages: n, num_results: n, page_size: 1 });
    assert.equal(p2.body.api_apps.length, 1);
    const d = await api.get("/api_app/list");
    assert.equal(d.body.list_info.page_size, 20);
    expectEnvelope(await api.get("/api_app/list", { query: { page_size: 101 } }), 400);
    expectEnvelope(await api.get("/api_app/0123456789abcdef0123456789abcdef"), 404, "not_found");
  });

  it("update changes only the fields sent; an empty string clears callback_url", async () => {
    const a = (await create({ name: "Before", callback_url: "https://a.com/cb", domains: ["a.com", "b.com"] })).body.api_app;
    const u = await api.put(`/api_app/${a.client_id}`, { name: "After" });
    expectStatus(u, 200);
    assert.equal(u.body.api_app.name, "After");
    assert.deepEqual(u.body.api_app.domains, ["a.com", "b.com"]);
    assert.equal(u.body.api_app.callback_url, "https://a.com/cb");
    const c = await api.put(`/api_app/${a.client_id}`, { callback_url: "" });
    assert.equal(c.body.api_app.callback_url, null);
    assert.equal(c.body.api_app.name, "After");
    const many = Array.from({ length: 11 }, (_, i) => `d${i}.com`);
    expectEnvelope(await api.put(`/api_app/${a.client_id}`, { domains: many }), 400, "bad_request");
    const d = await api.put(`/api_app/${a.client_id}`, { domains: ["c.com"] });
    assert.deepEqual(d.body.api_app.domains, ["c.com"]);
  });

  it("oauth secret is generated, kept across updates, and shown only to the owner", async () => {
    const a = (await create({ oauth: { callback_url: "https://a.com/o", scopes: ["basic_account_info", "team_access"] } })).body.api_app;
    assert.match(a.oauth.secret, /^[0-9a-f]{64}$/);
    assert.equal(a.oauth.charges_users, true);
    const u = await api.put(`/api_app/${a.client_id}`, { oauth: { callback_url: "https://a.com/o2", scopes: ["basic_account_info"] } });
    assert.equal(u.body.api_app.oauth.secret, a.oauth.secret);
    assert.equal(u.body.api_app.oauth.charges_users, false);
    // A teammate with the Admin role sees the app but not the secret and cannot change it.
    expectStatus(await api.post("/team/create", { name: "T" }), 200);
    const mate = await api.newAccount({ email_address: "mate@example.com" });
    expectStatus(await api.put("/team/add_member", { account_id: mate.account_id, role: "Admin" }, { query: { team_id: (await api.get("/team/info")).body.team.team_id } }), 200);
    expectStatus(await api.ctl("POST", "/invites/accept", { email_address: "mate@example.com" }), 200);
    const seen = await mate.api.get(`/api_app/${a.client_id}`);
    expectStatus(seen, 200);
    assert.equal(seen.body.api_app.oauth.secret, null);
    expectEnvelope(await mate.api.put(`/api_app/${a.client_id}`, { name: "hijack" }), 403, "forbidden");
    expectEnvelope(await mate.api.del(`/api_app/${a.client_id}`), 403, "forbidden");
  });

  // Evidence section 9, finding 9 (official docs, S22): a Developer may "view and search for API app data
  // they own"; an Administrator sees the apps of the team's accounts. It replaces our guess that a
  // Developer, like an Admin, saw every teammate's app.
  it("a Developer lists and reads only the apps they own; an Admin those of the team's accounts", async () => {
    const owner = (await api.newAccount({ email_address: "owner9@example.com", plan: "premium" })).api;
    expectStatus(await owner.post("/team/create", { name: "Nine" }), 200);
    const teamId = (await owner.get("/team/info")).body.team.team_id;
    const join = async (email: string, role: string) => {
      const who = await api.newAccount({ email_address: email, plan: "premium" });
      expectStatus(await owner.put("/team/add_member", { account_id: who.account_id, role }, { query: { team_id: teamId } }), 200);
      expectStatus(await api.ctl("POST", "/invites/accept", { email_address: email }), 200);
      return who.api;
    };
    const developer = await join("developer9@example.com", "Developer");
    const admin = await join("admin9@example.com", "Admin");
    const ownersApp = (await create({}, owner)).body.api_app.client_id;
    const developersApp = (await create({}, developer)).body.api_app.client_id;
    const ids = async (who: Api) => (await who.get("/api_app/list")).body.api_apps.map((a: { client_id: string }) => a.client_id).sort();
    assert.deepEqual(await ids(developer), [developersApp]);
    const hidden = await developer.get(`/api_app/${ownersApp}`);
    expectEnvelope(hidden, 404, "not_found");
    assert.equal(hidden.body.error.error_msg, `App ${ownersApp} does not exist`);
    assert.deepEqual(await ids(admin), [ownersApp, developersApp].sort());
    expectStatus(await admin.get(`/api_app/${developersApp}`), 200);
  });

  it("another account never sees an app (404) and cannot update or delete it", async () => {
    const a = (await create()).body.api_app;
    const other = await api.newAccount({ plan: "premium" });
    expectEnvelope(await other.api.get(`/api_app/${a.client_id}`), 404, "not_found");
    expectEnvelope(await other.api.put(`/api_app/${a.client_id}`, { name: "x" }), 404, "not_found");
    expectEnvelope(await other.api.del(`/api_app/${a.client_id}`), 404, "not_found");
    const list = await other.api.get("/api_app/list");
    assert.equal(list.body.api_apps.length, 0);
  });

  it("delete answers 204 with an empty body; the app is gone", async () => {
    const a = (await create()).body.api_app;
    const r = await api.del(`/api_app/${a.client_id}`);
    assert.equal(r.status, 204);
    assert.equal(r.text, "");
    expectEnvelope(await api.get(`/api_app/${a.client_id}`), 404, "not_found");
  });

  it("white labeling: the keys set are kept and merged; reset_to_default starts over; colours are checked", async () => {
    const ok = await create({ white_labeling_options: { primary_button_color: "#00b3e6" } });
    expectStatus(ok, 201);
    assert.deepEqual(ok.body.api_app.white_labeling_options, { primary_button_color: "#00b3e6" });
    const id = ok.body.api_app.client_id;
    const u = await api.put(`/api_app/${id}`, { white_labeling_options: { link_color: "#111111" } });
    assert.deepEqual(u.body.api_app.white_labeling_options, { primary_button_color: "#00b3e6", link_color: "#111111" });
    const reset = await api.put(`/api_app/${id}`, { white_labeling_options: { reset_to_default: true } });
    assert.equal(reset.body.api_app.white_labeling_options, null);
    expectEnvelope(await api.put(`/api_app/${id}`, { white_labeling_options: { primary_button_color: "blue" } }), 400);
    const plain = await create();
    assert.equal(plain.body.api_app.white_labeling_options, null);
  });

  it("custom_logo_file is accepted via multipart (on a plan without it too, with a warning: recorded.test.ts)", async () => {
    const logo = () => {
      const fd = new FormData();
      fd.append("name", "Logo app");
      fd.append("domains[]", "logo.com");
      fd.append("custom_logo_file", new Blob([Buffer.from("\x89PNG fake")], { type: "image/png" }), "logo.png");
      return fd;
    };
    expectStatus(await api.req("POST", "/api_app", { form: logo() }), 201);
    const free = await api.newAccount({ plan: "free" });
    expectStatus(await free.api.req("POST", "/api_app", { form: logo() }), 201);
    const state = await api.ctl("GET", "/state");
    const apps = Object.values(state.body.api_apps) as { name: string; custom_logo: { filename: string } | null }[];
    assert.equal(apps.find((a) => a.name === "Logo app")?.custom_logo?.filename, "logo.png");
  });
});
