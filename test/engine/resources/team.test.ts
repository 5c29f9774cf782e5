/**
 * Team and TeamMember through the real engine: the lifecycle scenario (shared with the
 * acceptance run: test/engine/scenarios/team.ts), and refresh reads each team once: GET /team (1 read), + the invitations while someone is
 * pending (2), + the member list's pages for 100 or more accounts (ceil(N/100) + 1).
 */
import * as assert from "assert";
import * as esign from "../../../provider";
import { changes, newStack, TestStack } from "../support/engine";
import { localTarget } from "../scenarios/target";
import { teamScenario } from "../scenarios/team";
import { api, localService, LocalService } from "../../support/local";

teamScenario(localTarget());

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

  // GET /team carries no team id (recorded: S1 testGetTeam.json), so the id is GET /team/info's.
  it("reads GET /team, the team id and the invitations once while invitations are pending (3 reads for 51 resources)", async () => {
    const seq = await svc.lastSeq();
    const refresh = await t.stack.refresh();
    assert.strictEqual(refresh.summary.result, "succeeded");
    // GET /account first: the account pin (DECISIONS D31), once per refresh.
    assert.deepStrictEqual(await readsSince(svc, seq), ["GET /v3/account", "GET /v3/team", "GET /v3/team/info", "GET /v3/team/invites"]);
    assert.strictEqual((await t.resource("m7")).status, "invited");
    assert.strictEqual((await t.resource("m7")).role, "Member");
  });

  it("reads GET /team and the team id once everyone has accepted (2 reads), with roles from its role codes", async () => {
    for (let i = 0; i < 50; i++) await svc.control("POST", "/invites/accept", { email_address: `user${i}@example.com` });
    const seq = await svc.lastSeq();
    const refresh = await t.stack.refresh();
    assert.strictEqual(refresh.summary.result, "succeeded");
    assert.deepStrictEqual(await readsSince(svc, seq), ["GET /v3/account", "GET /v3/team", "GET /v3/team/info"]);
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

  it("adopts all 150 with reads only, and refreshes them in GET /team, the team id and 2 pages of the member list", async () => {
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
    assert.strictEqual(reads.length, Math.ceil((N + 1) / 100) + 3, reads.join(", ")); // + GET /account (the pin) and GET /team/info (the id)
    assert.deepStrictEqual(reads.slice(0, 3), ["GET /v3/account", "GET /v3/team", "GET /v3/team/info"]);
    assert.ok(
      reads.slice(3).every((r) => r.startsWith("GET /v3/team/members/")),
      reads.join(", "),
    );
    assert.strictEqual((await t.resource("m149")).status, "member");
  });
});
