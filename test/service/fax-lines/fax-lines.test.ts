/**
 * Fax lines over HTTP: create (E.164 numbers in an available area code), get, list
 * (account_id, show_team_lines, pages), add/remove user, delete (JSON or form body),
 * area codes.
 */
import assert from "node:assert/strict";
import { Api, expectEnvelope, expectStatus, startForTest } from "../support/api";
import type { RunningService } from "../../../service";

describe("service: fax lines", () => {
  let svc: RunningService;
  let api: Api;
  beforeEach(async () => ({ svc, api } = await startForTest()));
  afterEach(() => svc.close());

  const buy = (body: Record<string, unknown> = {}, who = api) => who.post("/fax_line/create", { country: "US", area_code: 415, ...body });

  it("create generates a realistic E.164 number per country", async () => {
    const us = await buy({ city: "San Francisco" });
    expectStatus(us, 200);
    assert.match(us.body.fax_line.number, /^\+1415[2-9]\d{6}$/);
    assert.deepEqual(
      us.body.fax_line.accounts.map((a: { account_id: string }) => a.account_id),
      [svc.accountId],
    );
    assert.equal("quotas" in us.body.fax_line.accounts[0], false);
    const ca = await buy({ country: "CA", area_code: 416 });
    assert.match(ca.body.fax_line.number, /^\+1416\d{7}$/);
    const uk = await buy({ country: "UK", area_code: 20 });
    assert.match(uk.body.fax_line.number, /^\+4420\d{8}$/);
    expectEnvelope(await buy({ country: "FR" }), 400, "bad_request");
    const bad = await buy({ area_code: 999 });
    expectEnvelope(bad, 400, "bad_request");
    assert.equal(bad.body.error.error_path, "area_code");
    expectEnvelope(await api.post("/fax_line/create", { country: "US" }), 400, "bad_request");
  });

  it("get by number; other accounts get 404", async () => {
    const n = (await buy()).body.fax_line.number;
    const g = await api.get("/fax_line", { query: { number: n } });
    expectStatus(g, 200);
    assert.equal(g.body.fax_line.number, n);
    expectEnvelope(await api.get("/fax_line"), 400, "bad_request");
    const other = await api.newAccount();
    expectEnvelope(await other.api.get("/fax_line", { query: { number: n } }), 404, "not_found");
  });

  it("add_user / remove_user for teammates; create for a teammate with account_id", async () => {
    await api.post("/team/create", {});
    const mate = await api.newAccount({ email_address: "fm@example.com" });
    await api.put("/team/add_member", { account_id: mate.account_id });
    await api.ctl("POST", "/invites/accept", { email_address: "fm@example.com" });
    const n = (await buy()).body.fax_line.number;
    const a = await api.put("/fax_line/add_user", { number: n, email_address: "fm@example.com" });
    expectStatus(a, 200);
    assert.equal(a.body.fax_line.accounts.length, 2);
    const again = await api.put("/fax_line/add_user", { number: n, account_id: mate.account_id });
    assert.equal(again.body.fax_line.accounts.length, 2);
    const r = await api.put("/fax_line/remove_user", { number: n, account_id: mate.account_id });
    assert.deepEqual(
      r.body.fax_line.accounts.map((x: { account_id: string }) => x.account_id),
      [svc.accountId],
    );
    const outsider = await api.newAccount();
    expectEnvelope(await api.put("/fax_line/add_user", { number: n, account_id: outsider.account_id }), 400, "bad_request");
    const forMate = await buy({ account_id: mate.account_id });
    assert.deepEqual(
      forMate.body.fax_line.accounts.map((x: { account_id: string }) => x.account_id),
      [mate.account_id],
    );
  });

  it("list: own lines by default, account_id filter, show_team_lines, pagination", async () => {
    await api.post("/team/create", {});
    // The mate buys a line too: it needs the Fax API (fax-api.test.ts).
    const mate = await api.newAccount({ email_address: "lm@example.com", fax: true });
    // A Developer: a Member's key cannot use the API (D77).
    await api.put("/team/add_member", { account_id: mate.account_id, role: "Developer" }, { query: { team_id: (await api.get("/team/info")).body.team.team_id } });
    await api.ctl("POST", "/invites/accept", { email_address: "lm@example.com" });
    for (let i = 0; i < 3; i++) await buy();
    await buy({}, mate.api);
    const own = await api.get("/fax_line/list");
    assert.equal(own.body.list_info.num_results, 3);
    const mates = await api.get("/fax_line/list", { query: { account_id: mate.account_id } });
    assert.equal(mates.body.fax_lines.length, 1);
    const team = await api.get("/fax_line/list", { query: { show_team_lines: true, page_size: 2, page: 2 } });
    assert.deepEqual(team.body.list_info, { page: 2, num_pages: 2, num_results: 4, page_size: 2 });
    expectEnvelope(await api.get("/fax_line/list", { query: { page_size: 0 } }), 400, "bad_request");
  });

  it("delete takes the number in a JSON or form body; 200 with an empty body", async () => {
    const a = (await buy()).body.fax_line.number;
    const b = (await buy()).body.fax_line.number;
    const r = await api.del("/fax_line", { number: a });
    expectStatus(r, 200);
    assert.equal(r.text, "");
    const fd = new FormData();
    fd.append("number", b);
    expectStatus(await api.req("DELETE", "/fax_line", { form: fd }), 200);
    expectEnvelope(await api.get("/fax_line", { query: { number: a } }), 404, "not_found");
    expectEnvelope(await api.del("/fax_line", { number: b }), 404, "not_found");
    expectEnvelope(await api.del("/fax_line", {}), 400, "bad_request");
  });

  it("area_codes by country, state, province and city", async () => {
    const us = await api.get("/fax_line/area_codes", { query: { country: "US" } });
    expectStatus(us, 200);
    assert.ok(us.body.area_codes.includes(415));
    const ny = await api.get("/fax_line/area_codes", { query: { country: "US", state: "NY" } });
    assert.ok(ny.body.area_codes.includes(212) && !ny.body.area_codes.includes(415));
    const on = await api.get("/fax_line/area_codes", { query: { country: "CA", province: "ON", city: "Toronto" } });
    assert.deepEqual(on.body.area_codes, [416, 437, 647]);
    expectEnvelope(await api.get("/fax_line/area_codes", { query: { country: "US", state: "ZZ" } }), 400, "bad_request");
    expectEnvelope(await api.get("/fax_line/area_codes", { query: { country: "CA", state: "NY" } }), 400, "bad_request");
    expectEnvelope(await api.get("/fax_line/area_codes"), 400, "bad_request");
  });
});
