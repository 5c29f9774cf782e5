/**
 * FaxLine: a purchase or a release whose answer is lost after the service committed it ends
 * with exactly the declared lines: never a second line bought (DECISIONS D90). Update sends
 * nothing (every input replaces).
 */
import * as assert from "assert";
import { ProviderHarness } from "../../support/harness";
import { allLost, LOSSES, loseNextAnswer, rows } from "../../support/lost-answer";

describe("fast tier: FaxLine after a lost answer", () => {
  let h: ProviderHarness;
  beforeEach(async () => (h = (await ProviderHarness.start()).ignoringPinRead()));
  afterEach(async () => h?.close());

  const lines = () => h.resource("FaxLine");
  const inputs = { areaCode: 415, country: "US" };

  for (const loss of LOSSES) {
    describe(`answer ${loss}`, () => {
      it("create keeps the one line it bought", async () => {
        const other = await lines().create(inputs); // another stack's line, same area code
        h.nextRun();
        await loseNextAnswer(h, "POST", "/fax_line/create", loss);
        const made = await lines().create(inputs);
        assert.ok(await allLost(h));
        assert.notStrictEqual(made.id, other.id);
        assert.deepStrictEqual((await rows(h, "fax_lines")).map((l) => l.number).sort(), [other.id, made.id].sort());
        assert.strictEqual(made.outs.number, made.id);
      });

      it("delete ends with the line released, without an error", async () => {
        const made = await lines().create(inputs);
        const kept = await lines().create(inputs);
        h.nextRun();
        await loseNextAnswer(h, "DELETE", "/fax_line", loss);
        await lines().delete(made.id, made.outs);
        assert.ok(await allLost(h));
        assert.deepStrictEqual(
          (await rows(h, "fax_lines")).map((l) => l.number),
          [kept.id],
        );
      });
    });
  }
});
