/** --auto-accept-invites: an invitee is a member at once, and can then be given template access. */
import assert from "node:assert/strict";
import { Api, expectStatus, startForTest } from "../support/api";
import type { RunningService } from "../../../service";

describe("service: team with auto-accepted invitations", () => {
  let svc: RunningService;
  let api: Api;
  beforeEach(async () => ({ svc, api } = await startForTest({ autoAcceptInvites: true })));
  afterEach(() => svc.close());

  it("add_member makes the invitee a member right away, with the requested role", async () => {
    expectStatus(await api.post("/team/create", { name: "Sandbox" }), 200);
    const teamId = (await api.get("/team/info")).body.team.team_id;
    const added = await api.put(`/team/add_member?team_id=${teamId}`, { email_address: "new@example.com", role: "Developer" });
    expectStatus(added, 200);
    assert.ok(added.body.team.accounts.some((a: { email_address: string }) => a.email_address === "new@example.com"));
    assert.deepEqual(added.body.team.invited_emails, []);
    const members = (await api.get(`/team/members/${teamId}`)).body;
    const list = members.team_members;
    assert.equal(list.find((m: { email_address: string }) => m.email_address === "new@example.com").role, "Developer");
    const invites = (await api.get("/team/invites")).body.team_invites;
    assert.ok(
      invites.every((i: { redeemed_at?: number }) => typeof i.redeemed_at === "number"),
      "the invitation is redeemed",
    );
  });
});
