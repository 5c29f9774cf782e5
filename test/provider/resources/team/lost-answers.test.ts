/**
 * Team: every write whose answer is lost after the service committed it ends with exactly the
 * declared team; a lost answer to POST /team/create finds the team it made instead of failing
 * (and every later run with it) on "already belongs to a team" (DECISIONS D90).
 */
import * as assert from "assert";
import { ProviderHarness } from "../../support/harness";
import { allLost, LOSSES, loseNextAnswer, rows } from "../../support/lost-answer";

describe("fast tier: Team after a lost answer", () => {
  let h: ProviderHarness;
  beforeEach(async () => (h = (await ProviderHarness.start()).ignoringPinRead()));
  afterEach(async () => h?.close());

  const teams = () => h.resource("Team");

  for (const loss of LOSSES) {
    describe(`answer ${loss}`, () => {
      it("create keeps the team it made", async () => {
        await loseNextAnswer(h, "POST", "/team/create", loss);
        const made = await teams().create({ name: "Ops" });
        assert.ok(await allLost(h));
        const all = await rows(h, "teams");
        assert.deepStrictEqual(
          all.map((t) => [t.team_id, t.name]),
          [[made.id, "Ops"]],
        );
        assert.strictEqual(made.outs.name, "Ops");
        h.nextRun();
        const read = await teams().read(made.id, made.outs);
        assert.strictEqual(read.id, made.id, "the next run reads it as this stack's team");
      });

      it("update leaves the team as declared", async () => {
        const made = await teams().create({ name: "Ops" });
        h.nextRun();
        await loseNextAnswer(h, "PUT", "/team", loss);
        const outs = await teams().update(made.id, made.outs, { name: "Ops 2" });
        assert.ok(await allLost(h));
        assert.strictEqual(outs.name, "Ops 2");
        assert.deepStrictEqual(
          (await rows(h, "teams")).map((t) => t.name),
          ["Ops 2"],
        );
      });

      it("delete ends with the team gone, without an error", async () => {
        const made = await teams().create({ name: "Ops" });
        h.nextRun();
        await loseNextAnswer(h, "DELETE", "/team/destroy", loss);
        await teams().delete(made.id, made.outs);
        assert.ok(await allLost(h));
        assert.deepStrictEqual(await rows(h, "teams"), []);
      });
    });
  }
});
