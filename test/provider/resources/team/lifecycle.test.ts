/**
 * Team's provider in process (fast tier): check, every rules-table entry of diff, create /
 * read / update / delete with the requests each makes, adoption of the caller's team, claims.
 */
import * as assert from "assert";
import { ProviderHarness, type Created } from "../../support/harness";
import { teamIdRead } from "../../support/service-forms";
import { assertCheckCases, assertRuleTable, UNKNOWN } from "../../support/rules-table";

describe("fast tier: Team", () => {
  let h: ProviderHarness;
  before(async () => (h = (await ProviderHarness.start()).ignoringPinRead()));
  after(async () => h?.close());

  /** A fresh account (no team yet) as the provider's caller. */
  async function asNewAccount(): Promise<void> {
    const account = await h.newAccount();
    h.set({ "esign:apiKey": account.api_key });
    h.nextRun();
  }

  it("check names the property and the rule, without a request", async () => {
    await assertCheckCases(h, "Team", { name: "Ops" }, [{ title: "an empty name", inputs: { name: "" }, property: "name", reason: /must not be empty/ }]);
    assert.deepStrictEqual((await h.resource("Team").check({})).failures, [], "no name: the service's default");
  });

  describe("with a team", () => {
    let team: Created;
    before(async () => {
      await asNewAccount();
      const { result, calls } = await h.counting(() => h.resource("Team").create({ name: "Ops" }));
      team = result;
      // The new team's id, then GET /team once it shows it (the read-after-create lag, D120; one try when it does).
      assert.deepStrictEqual(calls, ["POST /v3/team/create", "GET /v3/team/info", "GET /v3/team"]);
    });

    it("create answers the team id as id and teamId", () => {
      assert.strictEqual(team.outs.teamId, team.id);
      assert.strictEqual(team.outs.name, "Ops");
    });

    it("diff: every rules-table entry replaces, updates or is ignored as declared", async () => {
      await assertRuleTable(
        h,
        "Team",
        team,
        { name: "Ops" },
        {
          changes: {
            name: { set: { name: "Ops 2" }, expect: "update" },
            adopt: { set: { adopt: true }, expect: "ignore" },
          },
          same: [],
        },
      );
      const unknown = await h.resource("Team").diff(team.id, team.outs, { name: UNKNOWN });
      assert.deepStrictEqual([unknown.changes, unknown.replaces], [true, []]);
    });

    it("update renames in one PUT; read finds a rename made outside Pulumi in one GET", async () => {
      const { result, calls } = await h.counting(() => h.resource("Team").update(team.id, team.outs, { name: "Ops 2" }));
      assert.deepStrictEqual(calls, ["PUT /v3/team"]);
      assert.strictEqual(result.name, "Ops 2");
      h.nextRun();
      await h.control("PATCH", "/team", { team_id: team.id, name: "Renamed in the web UI" });
      const idRead = await teamIdRead(h);
      const read = await h.counting(() => h.resource("Team").read(team.id, result));
      assert.deepStrictEqual(read.calls, ["GET /v3/team", ...idRead]);
      assert.strictEqual(read.result.props?.name, "Renamed in the web UI");
    });

    it("delete destroys the team in one request; read then reports it gone", async () => {
      h.nextRun();
      const { calls } = await h.counting(() => h.resource("Team").delete(team.id, team.outs));
      assert.deepStrictEqual(calls, ["DELETE /v3/team/destroy"]);
      h.nextRun();
      assert.strictEqual((await h.resource("Team").read(team.id, team.outs)).id, "");
    });
  });

  it("adopt takes over the caller's team (renaming it) instead of creating one", async () => {
    await asNewAccount();
    const first = await h.resource("Team").create({ name: "Legal" });
    h.nextRun();
    const { result, calls } = await h.counting(() => h.resource("Team").create({ name: "Legal 2", adopt: true }));
    assert.strictEqual(result.id, first.id);
    assert.strictEqual(result.outs.name, "Legal 2");
    assert.ok(!calls.includes("POST /v3/team/create"), "no team created");
    assert.ok(calls.includes("PUT /v3/team"), "renamed");
  });

  it("claims: the old name's delete in the run whose create adopted the team keeps it", async () => {
    await asNewAccount();
    const old = await h.resource("Team").create({ name: "Sales" });
    h.nextRun();
    await h.resource("Team").create({ name: "Sales", adopt: true });
    const { calls } = await h.counting(() => h.resource("Team").delete(old.id, old.outs));
    assert.deepStrictEqual(calls, []);
    assert.strictEqual((await h.resource("Team").read(old.id, old.outs)).id, old.id, "the team still exists");
  });
});
