/**
 * Team roles are enforced: a plain Member cannot promote itself or
 * remove others; only Admins manage roles; a Team Manager manages Members but not Admins.
 */
import assert from "node:assert/strict";
import type { RunningService } from "../../../service";
import { Api, expectEnvelope, expectStatus, startForTest } from "../support/api";

describe("service: team roles", function () {
  this.timeout(30_000);
  let svc: RunningService;
  let admin: Api;
  let teamId: string;
  let member: Awaited<ReturnType<Api["newAccount"]>>;
  let manager: Awaited<ReturnType<Api["newAccount"]>>;

  const roleOf = async (accountId: string): Promise<string | undefined> => {
    const body = (await admin.get(`/team/members/${teamId}`, { query: { page_size: 100 } })).body;
    const list: { account_id: string; role: string }[] = body.team_members ?? body.members;
    return list.find((m) => m.account_id === accountId)?.role;
  };

  before(async () => {
    ({ svc, api: admin } = await startForTest({ autoAcceptInvites: true }));
    expectStatus(await admin.post("/team/create", { name: "Roles" }), 200);
    teamId = (await admin.get("/team/info")).body.team.team_id;
    member = await admin.newAccount({ email_address: "member@example.com" });
    manager = await admin.newAccount({ email_address: "manager@example.com" });
    expectStatus(await admin.put("/team/add_member", { account_id: member.account_id }), 200);
    expectStatus(await admin.put("/team/add_member", { account_id: manager.account_id, role: "Team Manager" }, { query: { team_id: teamId } }), 200);
  });
  after(() => svc.close());

  it("a plain Member cannot promote itself, invite, or remove the team's creator", async () => {
    const promote = await member.api.put("/team/add_member", { account_id: member.account_id, role: "Admin" }, { query: { team_id: teamId } });
    expectEnvelope(promote, 403, "forbidden");
    assert.equal(await roleOf(member.account_id), "Member");
    expectEnvelope(await member.api.put("/team/add_member", { email_address: "friend@example.com" }), 403, "forbidden");
    expectEnvelope(await member.api.post("/team/remove_member", { account_id: svc.accountId }), 403, "forbidden");
    expectEnvelope(await member.api.post("/team/remove_member", { account_id: manager.account_id }), 403, "forbidden");
    assert.equal(await roleOf(svc.accountId), "Admin");
  });

  it("a Team Manager invites Members and removes them, but assigns no roles and removes no Admin", async () => {
    const other = await admin.newAccount({ email_address: "other@example.com" });
    expectStatus(await manager.api.put("/team/add_member", { account_id: other.account_id }), 200);
    assert.equal(await roleOf(other.account_id), "Member");
    expectEnvelope(await manager.api.put("/team/add_member", { account_id: other.account_id, role: "Admin" }, { query: { team_id: teamId } }), 403, "forbidden");
    expectEnvelope(await manager.api.post("/team/remove_member", { account_id: svc.accountId }), 403, "forbidden");
    expectStatus(await manager.api.post("/team/remove_member", { account_id: other.account_id }), 201);
    assert.equal(await roleOf(other.account_id), undefined);
  });

  it("an Admin changes roles; a promoted member then manages; anyone may leave", async () => {
    expectStatus(await admin.put("/team/add_member", { account_id: member.account_id, role: "Admin" }, { query: { team_id: teamId } }), 200);
    assert.equal(await roleOf(member.account_id), "Admin");
    const extra = await admin.newAccount({ email_address: "extra@example.com" });
    expectStatus(await member.api.put("/team/add_member", { account_id: extra.account_id }), 200);
    expectStatus(await member.api.post("/team/remove_member", { account_id: extra.account_id }), 201);
    expectStatus(await manager.api.post("/team/remove_member", { account_id: manager.account_id }), 201);
    assert.equal(await roleOf(manager.account_id), undefined);
  });
});
