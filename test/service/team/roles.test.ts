/**
 * Team roles through the API. Only Admins and Developers have API access; Team Managers and
 * Members "can't make API calls" (S12, help.dropbox.com team-roles-api-plans-dropbox-sign and
 * faq.hellosign.com "Team roles on API plans"); their keys are refused before any area runs.
 * What reaches the team area: an Admin manages people and roles; a Developer manages nobody but
 * may leave; and the area's own rule lets no Team Manager invite or remove anyone either
 * (checked on permissions.ts directly, so it holds whatever the pipeline does first).
 */
import assert from "node:assert/strict";
import type { RunningService } from "../../../service";
import type { Account } from "../../../service/accounts/types";
import { ApiError } from "../../../service/http/errors";
import { MemoryStore } from "../../../service/store/memory-store";
import { assertMayInvite, assertMayRemove } from "../../../service/areas/team/permissions";
import type { TeamRecord } from "../../../service/areas/team/model";
import { Api, expectEnvelope, expectStatus, startForTest } from "../support/api";

describe("service: team roles", function () {
  this.timeout(30_000);
  let svc: RunningService;
  let admin: Api;
  let teamId: string;
  let developer: Awaited<ReturnType<Api["newAccount"]>>;
  let member: Awaited<ReturnType<Api["newAccount"]>>;

  const roleOf = async (accountId: string): Promise<string | undefined> => {
    const body = (await admin.get(`/team/members/${teamId}`, { query: { page_size: 100 } })).body;
    const list: { account_id: string; role: string }[] = body.team_members ?? body.members;
    return list.find((m) => m.account_id === accountId)?.role;
  };

  before(async () => {
    ({ svc, api: admin } = await startForTest({ autoAcceptInvites: true }));
    expectStatus(await admin.post("/team/create", { name: "Roles" }), 200);
    teamId = (await admin.get("/team/info")).body.team.team_id;
    developer = await admin.newAccount({ email_address: "developer@example.com" });
    member = await admin.newAccount({ email_address: "member@example.com" });
    expectStatus(await admin.put("/team/add_member", { account_id: developer.account_id, role: "Developer" }, { query: { team_id: teamId } }), 200);
    expectStatus(await admin.put("/team/add_member", { account_id: member.account_id }), 200);
  });
  after(() => svc.close());

  it("a Developer cannot promote itself, invite, or remove others", async () => {
    expectEnvelope(await developer.api.put("/team/add_member", { account_id: developer.account_id, role: "Admin" }, { query: { team_id: teamId } }), 403, "forbidden");
    assert.equal(await roleOf(developer.account_id), "Developer");
    expectEnvelope(await developer.api.put("/team/add_member", { email_address: "friend@example.com" }), 403, "forbidden");
    expectEnvelope(await developer.api.post("/team/remove_member", { account_id: svc.accountId }), 403, "forbidden");
    expectEnvelope(await developer.api.post("/team/remove_member", { account_id: member.account_id }), 403, "forbidden");
    assert.equal(await roleOf(member.account_id), "Member");
  });

  it("an Admin invites, changes roles and removes; anyone who reaches the API may leave", async () => {
    const extra = await admin.newAccount({ email_address: "extra@example.com" });
    expectStatus(await admin.put("/team/add_member", { account_id: extra.account_id }), 200);
    expectStatus(await admin.put("/team/add_member", { account_id: extra.account_id, role: "Team Manager" }, { query: { team_id: teamId } }), 200);
    assert.equal(await roleOf(extra.account_id), "Team Manager");
    expectStatus(await admin.post("/team/remove_member", { account_id: extra.account_id }), 201);
    assert.equal(await roleOf(extra.account_id), undefined);
    expectStatus(await developer.api.post("/team/remove_member", { account_id: developer.account_id }), 201);
    assert.equal(await roleOf(developer.account_id), undefined);
  });

  it("the area's rule: a Team Manager may not invite or remove (no API calls for that role), an Admin may", () => {
    const store = new MemoryStore();
    const team: TeamRecord = {
      team_id: "t",
      name: "T",
      parent_team_id: null,
      created_at: 0,
      members: [
        { account_id: "boss", role: "Admin" },
        { account_id: "tm", role: "Team Manager" },
        { account_id: "m", role: "Member" },
      ],
      invites: [],
    };
    store.table<TeamRecord>("teams").put("t", team);
    const caller = (account_id: string) => ({ account_id, team_id: "t" }) as Account;
    const refused = (fn: () => void) => assert.throws(fn, (e: unknown) => e instanceof ApiError && e.status === 403 && e.errorName === "forbidden");
    refused(() => assertMayInvite(store, caller("tm")));
    refused(() => assertMayRemove(store, caller("tm"), { account_id: "m", role: "Member" }, { moves: false }));
    assert.doesNotThrow(() => assertMayInvite(store, caller("boss")));
    assert.doesNotThrow(() => assertMayRemove(store, caller("boss"), { account_id: "tm", role: "Team Manager" }, { moves: true }));
  });
});
