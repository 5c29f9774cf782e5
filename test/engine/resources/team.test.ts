/**
 * Team and TeamMember through the real engine: invitations count as present, status follows
 * acceptance, roles update in place, removal expires invitations, drift is found by refresh,
 * and refresh reads each team once: GET /team (1 read), + the invitations while someone is
 * pending (2), + the member list's pages for 100 or more accounts (ceil(N/100) + 1).
 */
import * as assert from "assert";
import * as esign from "../../../provider";
import { changes, newStack, TestStack } from "../support/engine";
import { api, localService, LocalService } from "../../support/local";

describe("engine: Team and TeamMember", function () {
  this.timeout(600_000);
  let svc: LocalService;
  let t: TestStack;
  let teamName = "Ops";
  let people: { email: string; role?: string }[] = [
    { email: "alice@example.com", role: "Admin" },
    { email: "bob@example.com", role: "Developer" },
  ];

  before(async () => {
    svc = await localService();
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
      { config: svc.stackConfig() },
    );
  });
  after(async () => {
    await t?.dispose();
    await svc?.close();
  });

  it("creates the team and invites members, then previews no change", async () => {
    const seq = await svc.lastSeq();
    const preview = await t.stack.preview();
    assert.strictEqual(preview.changeSummary.create, 4);
    assert.deepStrictEqual(await svc.requestsSince(seq), []);
    const up = await t.stack.up();
    assert.deepStrictEqual(changes(up.summary), { create: 4 });
    const members = up.outputs.members.value;
    assert.strictEqual(members["alice@example.com"].status, "invited");
    assert.strictEqual(members["alice@example.com"].role, "Admin");
    const team = (await api(svc).get("/team")).data.team;
    assert.strictEqual(team.name, "Ops");
    const seq2 = await svc.lastSeq();
    await t.stack.preview({ expectNoChanges: true });
    assert.deepStrictEqual(await svc.requestsSince(seq2), [], "an invitation is present: no re-invite, no request");
  });

  it("shows acceptance after refresh, without re-inviting", async () => {
    await svc.control("POST", "/invites/accept", { email_address: "alice@example.com" });
    await t.stack.refresh();
    const alice = await t.resource("member:alice@example.com");
    assert.strictEqual(alice.status, "member");
    assert.ok(alice.accountId, "an accepted member has an account id");
    assert.strictEqual((await t.resource("member:bob@example.com")).status, "invited");
    await t.stack.preview({ expectNoChanges: true });
  });

  it("updates a role in place and renames the team", async () => {
    people = [{ email: "alice@example.com", role: "Team Manager" }, people[1]];
    teamName = "Ops team";
    const preview = await t.stack.preview();
    assert.strictEqual(preview.changeSummary.update, 2);
    assert.ok(!preview.changeSummary.replace);
    await t.stack.up();
    const members = (await api(svc).get(`/team/members/${(await t.stack.outputs()).teamId.value}`)).data;
    const list = members.team_members ?? members.members;
    const alice = list.find((m: any) => m.email_address === "alice@example.com");
    assert.strictEqual(alice.role, "Team Manager");
    assert.strictEqual((await api(svc).get("/team")).data.team.name, "Ops team");
  });

  it("finds a member removed outside Pulumi and adds them back", async () => {
    const alice = await t.resource("member:alice@example.com");
    await svc.control("DELETE", `/team/members/${alice.accountId}`);
    const refresh = await t.stack.refresh();
    assert.strictEqual(refresh.summary.resourceChanges?.delete, 1, "refresh drops the vanished member from state");
    const preview = await t.stack.preview();
    assert.strictEqual(preview.changeSummary.create, 1);
    await t.stack.up();
    await t.stack.preview({ expectNoChanges: true });
  });

  it("removing a member from the program expires the pending invitation", async () => {
    people = people.filter((p) => p.email !== "bob@example.com");
    const up = await t.stack.up();
    assert.deepStrictEqual(changes(up.summary), { delete: 1 });
    const invites = (await api(svc).get("/team/invites")).data.team_invites ?? [];
    assert.ok(!invites.some((i: any) => i.email_address === "bob@example.com" && !i.redeemed_at), "bob's invitation is gone");
  });

  it("destroy leaves the account without a team", async () => {
    await t.stack.destroy();
    assert.strictEqual((await api(svc).get("/team")).status, 404);
  });
});

/** The API requests since `seq`, as "METHOD path" without the query, in order. */
async function readsSince(svc: LocalService, seq: number): Promise<string[]> {
  return (await svc.requestsSince(seq)).map((r) => `${r.method} ${r.path.split("?")[0]}`);
}

describe("engine: refreshing 50 team members reads the team once", function () {
  this.timeout(900_000);
  let svc: LocalService;
  let t: TestStack;

  before(async () => {
    svc = await localService();
    t = await newStack(
      "team-bulk",
      () => {
        const team = new esign.Team("team", { name: "Bulk" });
        for (let i = 0; i < 50; i++) {
          new esign.TeamMember(`m${i}`, { teamId: team.teamId, emailAddress: `user${i}@example.com` }, { dependsOn: [team] });
        }
      },
      { config: svc.stackConfig() },
    );
    await t.stack.up();
  });
  after(async () => {
    await t?.dispose();
    await svc?.close();
  });

  it("reads GET /team and the invitations once while invitations are pending (2 reads for 51 resources)", async () => {
    const seq = await svc.lastSeq();
    const refresh = await t.stack.refresh();
    assert.strictEqual(refresh.summary.result, "succeeded");
    // GET /account first: the account pin (DECISIONS D31), once per refresh.
    assert.deepStrictEqual(await readsSince(svc, seq), ["GET /v3/account", "GET /v3/team", "GET /v3/team/invites"]);
    assert.strictEqual((await t.resource("m7")).status, "invited");
    assert.strictEqual((await t.resource("m7")).role, "Member");
  });

  it("reads GET /team alone once everyone has accepted (1 read), with roles from its role codes", async () => {
    for (let i = 0; i < 50; i++) await svc.control("POST", "/invites/accept", { email_address: `user${i}@example.com` });
    const seq = await svc.lastSeq();
    const refresh = await t.stack.refresh();
    assert.strictEqual(refresh.summary.result, "succeeded");
    assert.deepStrictEqual(await readsSince(svc, seq), ["GET /v3/account", "GET /v3/team"]);
    const m7 = await t.resource("m7");
    assert.strictEqual(m7.status, "member");
    assert.strictEqual(m7.role, "Member");
    assert.ok(m7.accountId, "an accepted member has an account id");
    // The one GET /team above served the Team resource's refresh too (it keeps no copy of the
    // member list: D23), so the team is still there, as read.
    assert.strictEqual((await t.resource("team")).name, "Bulk");
  });
});

describe("engine: refreshing 150 team members pages the member list (ceil(N/100) + 1 reads)", function () {
  this.timeout(900_000);
  const N = 150;
  let svc: LocalService;
  let t: TestStack;

  before(async () => {
    svc = await localService();
    // The team and its 150 accepted members exist before the stack, which adopts them.
    const team = (await api(svc).post("/team/create", { name: "Large" })).data.team;
    assert.ok(team);
    for (let i = 0; i < N; i++) {
      const added = await api(svc).put("/team/add_member", { email_address: `big${i}@example.com` });
      assert.strictEqual(added.status, 200);
      await svc.control("POST", "/invites/accept", { email_address: `big${i}@example.com` });
    }
    const teamId = (await api(svc).get("/team/info")).data.team.team_id;
    t = await newStack(
      "team-large",
      () => {
        for (let i = 0; i < N; i++) new esign.TeamMember(`m${i}`, { teamId, emailAddress: `big${i}@example.com` });
      },
      { config: svc.stackConfig() },
    );
  });
  after(async () => {
    await t?.dispose();
    await svc?.close();
  });

  it("adopts all 150 with reads only, and refreshes them in GET /team + 2 pages of the member list", async () => {
    let seq = await svc.lastSeq();
    const up = await t.stack.up();
    assert.deepStrictEqual(changes(up.summary), { create: N + 1 }, "the members and the stack");
    const upReads = await readsSince(svc, seq);
    assert.ok(
      upReads.every((r) => r.startsWith("GET ")),
      `adoption only reads: ${upReads.join(", ")}`,
    );

    seq = await svc.lastSeq();
    const refresh = await t.stack.refresh();
    assert.strictEqual(refresh.summary.result, "succeeded");
    const reads = await readsSince(svc, seq);
    // 151 accounts (the admin too): GET /team is not trusted as complete at 100 or more.
    assert.strictEqual(reads.length, Math.ceil((N + 1) / 100) + 2, reads.join(", ")); // + GET /account (the pin)
    assert.deepStrictEqual(reads.slice(0, 2), ["GET /v3/account", "GET /v3/team"]);
    assert.ok(
      reads.slice(2).every((r) => r.startsWith("GET /v3/team/members/")),
      reads.join(", "),
    );
    assert.strictEqual((await t.resource("m149")).status, "member");
  });
});
