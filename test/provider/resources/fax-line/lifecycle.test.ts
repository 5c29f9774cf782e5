/**
 * FaxLine's provider in process (fast tier): check, every rules-table entry of diff (area code
 * and country compared by value), create / read / delete with the requests each makes,
 * adoption by number, claims.
 */
import * as assert from "assert";
import { ProviderHarness, type Created } from "../../support/harness";
import { assertCheckCases, assertRuleTable, UNKNOWN } from "../../support/rules-table";

describe("fast tier: FaxLine", () => {
  let h: ProviderHarness;
  const lines = () => h.resource("FaxLine");
  before(async () => (h = (await ProviderHarness.start()).ignoringPinRead()));
  after(async () => h?.close());

  it("check names the property and the rule, without a request; an adopted line skips the purchase rules", async () => {
    await assertCheckCases(h, "FaxLine", { areaCode: 415, country: "US" }, [
      { title: "no area code", inputs: { country: "US" }, property: "areaCode", reason: /is required/ },
      { title: "an unknown country", inputs: { areaCode: 415, country: "FR" }, property: "country", reason: /must be one of CA, US, UK/ },
    ]);
    assert.deepStrictEqual((await lines().check({ number: "+14155550100" })).failures, []);
  });

  describe("with a line", () => {
    let line: Created;
    const inputs = { areaCode: 415, country: "US", city: "San Francisco" };
    before(async () => {
      h.nextRun();
      const { result, calls } = await h.counting(() => lines().create(inputs));
      line = result;
      // The list first: what was there before, so a lost answer never buys a second line (D90).
      assert.deepStrictEqual(calls, ["GET /v3/fax_line/list", "POST /v3/fax_line/create"]);
    });

    it("create buys a line: the number is the id", () => {
      assert.strictEqual(line.outs.number, line.id);
      assert.match(line.id, /^\+1415\d{7}$/);
    });

    it("diff: every rules-table entry replaces as declared; area code and country compare by value", async () => {
      await assertRuleTable(h, "FaxLine", line, inputs, {
        changes: {
          areaCode: { set: { areaCode: 212 }, expect: "replace" },
          country: { set: { country: "CA" }, expect: "replace" },
          city: { set: { city: "Oakland" }, expect: "replace" },
          accountId: { set: { accountId: "another-account" }, expect: "replace" },
          number: { set: { number: "+14155550199" }, expect: "replace" },
        },
        same: [
          { title: "the area code as a string", set: { areaCode: "415" } },
          { title: "the country in lower case", set: { country: "us" } },
        ],
      });
      const unknown = await lines().diff(line.id, line.outs, { ...inputs, areaCode: UNKNOWN });
      assert.deepStrictEqual(unknown.replaces, ["areaCode"], "an unknown area code replaces at preview");
    });

    it("read is one GET; update changes nothing in the service and reads the line back", async () => {
      h.nextRun();
      const read = await h.counting(() => lines().read(line.id, line.outs));
      assert.deepStrictEqual(read.calls, ["GET /v3/fax_line"]);
      assert.strictEqual(read.result.id, line.id);
      const updated = await h.counting(() => lines().update(line.id, line.outs, inputs));
      assert.deepStrictEqual(updated.calls, ["GET /v3/fax_line"]);
    });

    it("read finds a line released outside Pulumi gone", async () => {
      assert.strictEqual((await h.control("DELETE", `/fax_lines/${encodeURIComponent(line.id)}`)).status, 200);
      h.nextRun();
      assert.strictEqual((await lines().read(line.id, line.outs)).id, "");
    });
  });

  it("delete releases the line in one request; a second delete finds it gone and succeeds", async () => {
    h.nextRun();
    const line = await lines().create({ areaCode: 212, country: "US" });
    h.nextRun();
    const { calls } = await h.counting(() => lines().delete(line.id, line.outs));
    assert.deepStrictEqual(calls, ["DELETE /v3/fax_line"]);
    h.nextRun();
    await lines().delete(line.id, line.outs);
  });

  it("adoption by number buys nothing; claims keep the line from the old name's delete in the same run", async () => {
    h.nextRun();
    const old = await lines().create({ areaCode: 415, country: "US" });
    h.nextRun();
    const adopted = await h.counting(() => lines().create({ number: old.id }));
    assert.deepStrictEqual(adopted.calls, ["GET /v3/fax_line"]);
    assert.strictEqual(adopted.result.id, old.id);
    const { calls } = await h.counting(() => lines().delete(old.id, old.outs));
    assert.deepStrictEqual(calls, []);
    assert.strictEqual((await lines().read(old.id, old.outs)).id, old.id, "the line is still ours");
  });
});
