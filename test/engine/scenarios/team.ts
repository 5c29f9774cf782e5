/**
 * Team and TeamMember through the real engine, against the local service or a real account
 * (target.ts): invitations count as present, status follows acceptance (local only: nobody
 * accepts a real invitation during a run), roles update in place, a member removed through the
 * API is found by refresh and invited again, removal expires invitations, destroy.
 */
import * as assert from "assert";
import * as esign from "../../../provider";
import { changes, newStack, TestStack } from "../support/engine";
import { withoutRequests, type ScenarioSession, type ScenarioTarget } from "./target";

export function teamScenario(target: ScenarioTarget): void {
  describe(`${target.label}: Team and TeamMember`, function () {
    this.timeout(600_000);
    let s: ScenarioSession;
    let t: TestStack;
    let teamName: string;
    let people: { email: string; role?: string }[];
    let alice: string;
    let bob: string;

    before(async () => {
      s = await target.open();
      alice = s.email("alice");
      bob = s.email("bob");
      teamName = s.name("Ops");
      people = [
        { email: alice, role: "Admin" },
        { email: bob, role: "Developer" },
      ];
      t = await newStack(
        "team",
        () => {
          const team = new esign.Team("team", { name: teamName });
          const members: Record<string, unknown> = {};
          for (const p of people) {
            const m = new esign.TeamMember(`member:${p.email}`, { teamId: team.teamId, emailAddress: p.email, role: p.role }, { dependsOn: [team] });
            members[p.email] = { status: m.status, role: m.role, accountId: m.accountId };
          }
          return { teamId: team.teamId, members };
        },
        { config: s.stackConfig() },
      );
    });
    after(async () => {
      await t?.dispose();
      await s?.close();
    });

    const member = (email: string) => t.resource(`member:${email}`);

    it("creates the team and invites members, then previews no change", async () => {
      const preview = await withoutRequests(s, () => t.stack.preview());
      assert.strictEqual(preview.changeSummary.create, 4);
      const up = await t.stack.up();
      assert.deepStrictEqual(changes(up.summary), { create: 4 });
      const members = up.outputs.members.value;
      assert.strictEqual(members[alice].status, "invited");
      assert.strictEqual(members[alice].role, "Admin");
      const team = (await s.api.get("/team")).data.team;
      assert.strictEqual(team.name, s.name("Ops"));
      await withoutRequests(s, () => t.stack.preview({ expectNoChanges: true }), "an invitation is present: no re-invite, no request");
    });

    if (target.local) {
      it("shows acceptance after refresh, without re-inviting", async () => {
        await s.local!.control("POST", "/invites/accept", { email_address: alice });
        await t.stack.refresh();
        assert.strictEqual((await member(alice)).status, "member");
        assert.ok((await member(alice)).accountId, "an accepted member has an account id");
        assert.strictEqual((await member(bob)).status, "invited");
        await t.stack.preview({ expectNoChanges: true });
      });
    }

    it("updates a role in place and renames the team", async () => {
      people = [{ email: alice, role: "Team Manager" }, people[1]];
      teamName = s.name("Ops team");
      const preview = await t.stack.preview();
      assert.strictEqual(preview.changeSummary.update, 2);
      assert.ok(!preview.changeSummary.replace);
      const up = await t.stack.up();
      assert.strictEqual((await member(alice)).role, "Team Manager");
      if (target.local) {
        // Accepted on the local service: the service's member list holds her new role.
        const members = (await s.api.get(`/team/members/${up.outputs.teamId.value}`)).data;
        const list = members.team_members ?? members.members;
        assert.strictEqual(list.find((m: any) => m.email_address === alice).role, "Team Manager");
      }
      assert.strictEqual((await s.api.get("/team")).data.team.name, s.name("Ops team"));
    });

    it("finds a member removed through the API and adds them back", async () => {
      const removed = await s.api.post("/team/remove_member", { email_address: alice });
      assert.ok([200, 201].includes(removed.status), `${removed.status} ${JSON.stringify(removed.data)}`); // the API documents 201
      const refresh = await t.stack.refresh();
      assert.strictEqual(refresh.summary.resourceChanges?.delete, 1, "refresh drops the vanished member from state");
      const preview = await t.stack.preview();
      assert.strictEqual(preview.changeSummary.create, 1);
      await t.stack.up();
      await t.stack.preview({ expectNoChanges: true });
    });

    it("removing a member from the program expires the pending invitation", async () => {
      people = people.filter((p) => p.email !== bob);
      const up = await t.stack.up();
      assert.deepStrictEqual(changes(up.summary), { delete: 1 });
      const invites = (await s.api.get("/team/invites")).data.team_invites ?? [];
      assert.ok(!invites.some((i: any) => i.email_address === bob && !i.redeemed_at), "bob's invitation is gone");
    });

    it("destroy leaves the account without a team", async () => {
      await t.stack.destroy();
      assert.strictEqual((await s.api.get("/team")).status, 404);
    });
  });
}
