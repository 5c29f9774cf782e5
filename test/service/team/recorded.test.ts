/**
 * The team answers as the real service was recorded (docs/local-service.md, "What is recorded and what is our guess"):
 * each case names its source in /work/shared/reference/real-service-evidence.md §3.
 */
import assert from "node:assert/strict";
import { Api, expectEnvelope, expectStatus, startForTest } from "../support/api";
import type { RunningService } from "../../../service";

describe("service: team, as recorded", () => {
  let svc: RunningService;
  let api: Api;
  beforeEach(async () => ({ svc, api } = await startForTest({ plan: "premium" })));
  afterEach(() => svc.close());

  // S1 testGetTeamInvalid.json: {"error_msg":"Team does not exist","error_name":"not_found"}
  it('GET /team without a team: 404 not_found "Team does not exist"', async () => {
    const r = await api.get("/team");
    expectEnvelope(r, 404, "not_found");
    assert.equal(r.body.error.error_msg, "Team does not exist");
  });

  // S1 testUpdateTeamNameInvalid.json: {"error_msg":"Could not update, none exists.","error_name":"bad_request"}
  it('PUT /team without a team: 400 bad_request "Could not update, none exists."', async () => {
    const r = await api.put("/team", { name: "Nobody's" });
    expectEnvelope(r, 400, "bad_request");
    assert.equal(r.body.error.error_msg, "Could not update, none exists.");
  });

  // S1 testDestroyTeamInvalid.json and S3 TeamTest::testDestroyTeam: {"error_msg":"No team to delete","error_name":"bad_request"}
  it('DELETE /team/destroy without a team: 400 bad_request "No team to delete"', async () => {
    const r = await api.del("/team/destroy");
    expectEnvelope(r, 400, "bad_request");
    assert.equal(r.body.error.error_msg, "No team to delete");
  });

  // S4 test_team.py::test_create_team: BadRequest whose message contains "already have a team"
  it('team/create while on a team: 400 whose text says "already have a team"', async () => {
    expectStatus(await api.post("/team/create", { name: "First" }));
    const r = await api.post("/team/create", { name: "Second" });
    expectEnvelope(r, 400, "bad_request");
    assert.match(r.body.error.error_msg, /already have a team/);
  });

  // S1 testGetTeam.json, testCreateTeam.json: team accounts carry no team_id
  it("GET /team accounts carry no team_id (the provider reads GET /team/info for it)", async () => {
    expectStatus(await api.post("/team/create", { name: "T" }));
    const t = await api.get("/team");
    expectStatus(t);
    assert.ok(t.body.team.accounts.length > 0);
    for (const a of t.body.team.accounts) assert.equal("team_id" in a, false, JSON.stringify(a));
    assert.match((await api.get("/team/info")).body.team.team_id, /^[0-9a-f]{40}$/);
  });

  // S1 testInviteTeamMember.json: 200, the team, and the warning add_member
  it("inviting someone whose invitation is outstanding: 200, the team and the add_member warning", async () => {
    expectStatus(await api.post("/team/create", { name: "T" }));
    const first = await api.put("/team/add_member", { email_address: "twice@example.com" });
    expectStatus(first);
    assert.equal(first.body.warnings, undefined);
    const again = await api.put("/team/add_member", { email_address: "twice@example.com" });
    expectStatus(again);
    assert.deepEqual(again.body.team.invited_emails, ["twice@example.com"]);
    assert.deepEqual(again.body.warnings, [{ warning_msg: "Invited user already has an outstanding invitation", warning_name: "add_member" }]);
    // One invitation, one e-mail.
    assert.equal((await api.ctl("GET", "/outbox", undefined, { to: "twice@example.com", kind: "team_invite" })).body.emails.length, 1);
  });

  // S10 HelloSign.cs HandleErrors: team_invite_failed -> ForbiddenException (the status was never recorded)
  it("inviting someone on another team: 403 team_invite_failed", async () => {
    expectStatus(await api.post("/team/create", { name: "Mine" }));
    const other = await api.newAccount({ email_address: "taken@example.com" });
    expectStatus(await other.api.post("/team/create", { name: "Theirs" }));
    expectEnvelope(await api.put("/team/add_member", { account_id: other.account_id }), 403, "team_invite_failed");
  });
});
