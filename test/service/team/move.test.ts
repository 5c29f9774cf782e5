/**
 * POST /team/remove_member with new_team_id moves a person between the caller's team and its
 * sub-teams: never out of the organization, never a second invitation e-mail.
 */
import assert from "node:assert/strict";
import { Api, expectStatus, startForTest } from "../support/api";
import type { RunningService } from "../../../service";

describe("service: team moves (remove_member with new_team_id)", () => {
  let svc: RunningService;
  let api: Api;
  let root: string;
  let sub: string;
  beforeEach(async () => {
    ({ svc, api } = await startForTest());
    await api.post("/team/create", { name: "Root" });
    root = (await api.get("/team/info")).body.team.team_id;
    sub = (await api.ctl("POST", `/teams/${root}/sub_teams`, { name: "Sub" })).body.team_id;
  });
  afterEach(() => svc.close());

  const membersOf = async (teamId: string) => (await api.get(`/team/members/${teamId}`, { query: { page_size: 100 } })).body.team_members as { email_address: string; role: string }[];
  const mails = async (to: string) => (await api.ctl("GET", "/outbox", undefined, { to })).body.emails as unknown[];
  const invitesOf = async (email: string) =>
    ((await api.get("/team/invites")).body.team_invites as { email_address: string; team_id: string; role: string }[]).filter(
      (i) => i.email_address === email && !("redeemed_at" in i && (i as { redeemed_at?: unknown }).redeemed_at),
    );

  it("a member moves to a sub-team with the new role, staying in the organization", async () => {
    await api.put("/team/add_member", { email_address: "m@example.com" });
    await api.ctl("POST", "/invites/accept", { email_address: "m@example.com" });
    expectStatus(await api.post("/team/remove_member", { email_address: "m@example.com", new_team_id: sub, new_role: "Developer" }), 201);
    assert.deepEqual(
      (await membersOf(sub)).map((m) => [m.email_address, m.role]),
      [["m@example.com", "Developer"]],
    );
    assert.ok(!(await membersOf(root)).some((m) => m.email_address === "m@example.com"));
    const account = (await api.ctl("GET", "/accounts")).body.accounts.find((a: { email_address: string }) => a.email_address === "m@example.com");
    assert.equal(account.team_id, sub);
    assert.equal((await mails("m@example.com")).length, 1, "the first invitation only");
  });

  it("someone only invited keeps the invitation, now to the new team, with no second e-mail", async () => {
    await api.put("/team/add_member", { email_address: "i@example.com" });
    // Only invited: 200, as for any removal of an invitee (evidence section 9, finding 4).
    expectStatus(await api.post("/team/remove_member", { email_address: "i@example.com", new_team_id: sub, new_role: "Team Manager" }), 200);
    const open = await invitesOf("i@example.com");
    assert.deepEqual(
      open.map((i) => [i.team_id, i.role]),
      [[sub, "Team Manager"]],
    );
    assert.equal((await mails("i@example.com")).length, 1);
    expectStatus(await api.ctl("POST", "/invites/accept", { email_address: "i@example.com" }), 200);
    assert.deepEqual(
      (await membersOf(sub)).map((m) => [m.email_address, m.role]),
      [["i@example.com", "Team Manager"]],
    );
  });

  it("a move to the team the member is on changes only the role", async () => {
    await api.put("/team/add_member", { email_address: "r@example.com" });
    await api.ctl("POST", "/invites/accept", { email_address: "r@example.com" });
    await api.post("/team/remove_member", { email_address: "r@example.com", new_team_id: root, new_role: "Admin" });
    assert.equal((await membersOf(root)).find((m) => m.email_address === "r@example.com")?.role, "Admin");
  });
});
