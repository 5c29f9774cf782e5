/**
 * Teams over HTTP: create/get/info/update/destroy, invitations (add_member, invites,
 * acceptance via the control plane), remove_member (expiry, transfer on Enterprise),
 * members and sub_teams pagination.
 */
import assert from "node:assert/strict";
import { Api, expectEnvelope, expectStatus, startForTest } from "../support/api";
import type { RunningService } from "../../../service";

describe("service: team", () => {
  let svc: RunningService;
  let api: Api;
  beforeEach(async () => ({ svc, api } = await startForTest({ plan: "enterprise" })));
  afterEach(() => svc.close());

  const teamId = async (who = api) => (await who.get("/team/info")).body.team.team_id as string;
  const emails = (r: { body: { team: { accounts: { email_address: string }[] } } }) => r.body.team.accounts.map((a) => a.email_address);

  it("GET /team is 404 not_found while the caller has no team", async () => {
    expectEnvelope(await api.get("/team"), 404, "not_found");
    expectEnvelope(await api.get("/team/info"), 404, "not_found");
  });

  it("create: default name Untitled Team, caller is an admin member; only once", async () => {
    const r = await api.post("/team/create", {});
    expectStatus(r, 200);
    assert.equal(r.body.team.name, "Untitled Team");
    assert.deepEqual(emails(r), ["dev@example.com"]);
    assert.equal(r.body.team.accounts[0].role_code, "a");
    assert.deepEqual(r.body.team.invited_accounts, []);
    assert.deepEqual(r.body.team.invited_emails, []);
    expectEnvelope(await api.post("/team/create", { name: "Again" }), 400, "bad_request");
    expectStatus(await api.get("/team"), 200);
  });

  it("update renames; info reports counts and the parent (both spellings)", async () => {
    await api.post("/team/create", { name: "A" });
    const u = await api.put("/team", { name: "Renamed" });
    assert.equal(u.body.team.name, "Renamed");
    expectEnvelope(await api.put("/team", { name: "" }), 400, "bad_request");
    const i = await api.get("/team/info");
    assert.equal(i.body.team.name, "Renamed");
    assert.equal(i.body.team.num_members, 1);
    assert.equal(i.body.team.parent_team, null);
    assert.match(i.body.team.team_id, /^[0-9a-f]{40}$/);
    const sub = await api.ctl("POST", `/teams/${i.body.team.team_id}/sub_teams`, { name: "Sub" });
    const si = await api.get("/team/info", { query: { team_id: sub.body.team_id } });
    assert.deepEqual(si.body.team.parent_team, { team_id: i.body.team.team_id, name: "Renamed" });
    assert.deepEqual(si.body.team.team_parent, si.body.team.parent_team);
    assert.equal((await api.get("/team/info")).body.team.num_sub_teams, 1);
  });

  it("add_member by e-mail without an account: a new account, listed in invited_emails and /team/invites until accepted", async () => {
    await api.post("/team/create", { name: "T" });
    const r = await api.put("/team/add_member", { email_address: "new@example.com" });
    expectStatus(r, 200);
    assert.deepEqual(r.body.team.invited_emails, ["new@example.com"]);
    assert.deepEqual(emails(r), ["dev@example.com"]);
    const inv = await api.get("/team/invites");
    assert.equal(inv.body.team_invites.length, 1);
    assert.equal(inv.body.team_invites[0].email_address, "new@example.com");
    assert.equal(inv.body.team_invites[0].role, "Member");
    const mail = await api.ctl("GET", "/outbox", undefined, { to: "new@example.com" });
    assert.equal(mail.body.emails[0].kind, "team_invite");
    const acc = await api.ctl("GET", "/accounts");
    assert.ok(acc.body.accounts.some((a: { email_address: string }) => a.email_address === "new@example.com"));
    expectStatus(await api.ctl("POST", "/invites/accept", { email_address: "new@example.com" }), 200);
    const t = await api.get("/team");
    assert.deepEqual(emails(t).sort(), ["dev@example.com", "new@example.com"]);
    assert.deepEqual(t.body.team.invited_emails, []);
    assert.equal((await api.get("/team/invites")).body.team_invites.length, 0);
  });

  it("add_member of an existing account lists it in invited_accounts; account_id wins over email_address", async () => {
    await api.post("/team/create", { name: "T" });
    const a = await api.newAccount({ email_address: "a@example.com" });
    await api.newAccount({ email_address: "b@example.com" });
    const r = await api.put("/team/add_member", { account_id: a.account_id, email_address: "b@example.com" });
    assert.deepEqual(
      r.body.team.invited_accounts.map((x: { email_address: string }) => x.email_address),
      ["a@example.com"],
    );
    assert.deepEqual(r.body.team.invited_emails, []);
    expectEnvelope(await api.put("/team/add_member", { account_id: "f".repeat(40) }), 404, "not_found");
    expectEnvelope(await api.put("/team/add_member", {}), 400, "bad_request");
    expectEnvelope(await api.put("/team/add_member", { email_address: "not-an-email" }), 400, "bad_request");
  });

  it("add_member of a member of another team fails with team_invite_failed, a 403 (S10 HelloSign.cs maps it to ForbiddenException)", async () => {
    await api.post("/team/create", { name: "Mine" });
    const other = await api.newAccount({ email_address: "other@example.com" });
    expectStatus(await other.api.post("/team/create", { name: "Theirs" }), 200);
    const r = await api.put("/team/add_member", { email_address: "other@example.com" });
    expectEnvelope(r, 403, "team_invite_failed");
  });

  it("role is honoured only with the team_id query", async () => {
    await api.post("/team/create", { name: "T" });
    await api.put("/team/add_member", { email_address: "r1@example.com", role: "Admin" });
    await api.put("/team/add_member", { email_address: "r2@example.com", role: "Developer" }, { query: { team_id: await teamId() } });
    const roles = Object.fromEntries((await api.get("/team/invites")).body.team_invites.map((i: { email_address: string; role: string }) => [i.email_address, i.role]));
    assert.deepEqual(roles, { "r1@example.com": "Member", "r2@example.com": "Developer" });
    expectEnvelope(await api.put("/team/add_member", { email_address: "r3@example.com" }, { query: { team_id: "0".repeat(40) } }), 404, "not_found");
  });

  // Evidence section 9, finding 4 (S18, the vendor's live test): 200 for an invitee. It replaces our guess
  // (201, the description's only success code, for every removal).
  it("remove_member expires an outstanding invitation: 200, as the vendor's live test asserts for an invitee", async () => {
    await api.post("/team/create", { name: "T" });
    await api.put("/team/add_member", { email_address: "gone@example.com" });
    const r = await api.post("/team/remove_member", { email_address: "gone@example.com" });
    expectStatus(r, 200);
    assert.deepEqual(r.body.team.invited_emails, []);
    assert.equal((await api.get("/team/invites")).body.team_invites.length, 0);
    expectEnvelope(await api.ctl("POST", "/invites/accept", { email_address: "gone@example.com" }), 404, "not_found");
  });

  it("remove_member removes a member (201, the description's code); unknown members are 404", async () => {
    await api.post("/team/create", { name: "T" });
    const m = await api.newAccount({ email_address: "m@example.com" });
    await api.put("/team/add_member", { account_id: m.account_id });
    await api.ctl("POST", "/invites/accept", { email_address: "m@example.com" });
    const r = await api.post("/team/remove_member", { account_id: m.account_id });
    expectStatus(r, 201);
    assert.deepEqual(emails(r), ["dev@example.com"]);
    expectEnvelope(await m.api.get("/team"), 404, "not_found");
    expectEnvelope(await api.post("/team/remove_member", { account_id: m.account_id }), 404, "not_found");
  });

  it("remove_member with new_owner_email_address: 201 and the data moves (Enterprise); 403 on other plans", async () => {
    await api.post("/team/create", { name: "T" });
    const leaver = await api.newAccount({ email_address: "leaver@example.com", plan: "standard" });
    const heir = await api.newAccount({ email_address: "heir@example.com" });
    for (const a of [leaver, heir]) {
      // Developers: a Member's key cannot use the API (D77).
      await api.put("/team/add_member", { account_id: a.account_id, role: "Developer" }, { query: { team_id: await teamId() } });
      await api.ctl("POST", "/invites/accept", { email_address: a.email_address });
    }
    const app = await leaver.api.post("/api_app", { name: "L", domains: ["l.com"] });
    const r = await api.post("/team/remove_member", { account_id: leaver.account_id, new_owner_email_address: "heir@example.com" });
    expectStatus(r, 201);
    const moved = await heir.api.get(`/api_app/${app.body.api_app.client_id}`);
    expectStatus(moved, 200);
    assert.equal(moved.body.api_app.owner_account.account_id, heir.account_id);
    // A standard-plan admin cannot transfer.
    const boss = await api.newAccount({ email_address: "boss@example.com", plan: "standard" });
    expectStatus(await boss.api.post("/team/create", {}), 200);
    const x = await api.newAccount({ email_address: "x@example.com" });
    await boss.api.put("/team/add_member", { account_id: x.account_id });
    await api.ctl("POST", "/invites/accept", { email_address: "x@example.com" });
    expectEnvelope(await boss.api.post("/team/remove_member", { account_id: x.account_id, new_owner_email_address: "boss@example.com" }), 403, "forbidden");
  });

  it("destroy only while the sole member; 200 with an empty body", async () => {
    await api.post("/team/create", { name: "T" });
    const m = await api.newAccount({ email_address: "d@example.com" });
    await api.put("/team/add_member", { account_id: m.account_id });
    await api.ctl("POST", "/invites/accept", { email_address: "d@example.com" });
    expectEnvelope(await api.del("/team/destroy"), 400, "bad_request");
    await api.post("/team/remove_member", { account_id: m.account_id });
    const r = await api.del("/team/destroy");
    expectStatus(r, 200);
    assert.equal(r.text, "");
    expectEnvelope(await api.get("/team"), 404, "not_found");
  });

  it("members and sub_teams paginate; other teams are 404", async () => {
    await api.post("/team/create", { name: "T" });
    const id = await teamId();
    for (let i = 0; i < 4; i++) {
      await api.put("/team/add_member", { email_address: `p${i}@example.com` });
      await api.ctl("POST", "/invites/accept", { email_address: `p${i}@example.com` });
      await api.ctl("POST", `/teams/${id}/sub_teams`, { name: `S${i}` });
    }
    const p = await api.get(`/team/members/${id}`, { query: { page: 2, page_size: 2 } });
    expectStatus(p, 200);
    assert.deepEqual(p.body.list_info, { page: 2, num_pages: 3, num_results: 5, page_size: 2 });
    assert.equal(p.body.team_members.length, 2);
    assert.deepEqual(Object.keys(p.body.team_members[0]).sort(), ["account_id", "email_address", "role"]);
    const s = await api.get(`/team/sub_teams/${id}`, { query: { page_size: 3 } });
    assert.deepEqual(s.body.list_info, { page: 1, num_pages: 2, num_results: 4, page_size: 3 });
    assert.deepEqual(Object.keys(s.body.sub_teams[0]).sort(), ["name", "team_id"]);
    expectEnvelope(await api.get(`/team/members/${id}`, { query: { page_size: 101 } }), 400, "bad_request");
    const stranger = await api.newAccount();
    await stranger.api.post("/team/create", {});
    expectEnvelope(await stranger.api.get(`/team/members/${id}`), 404, "not_found");
  });
});
