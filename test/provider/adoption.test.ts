/**
 * Adoption asked for by the program (Team adopt: true, FaxLine number) is a warning naming the
 * object; `{ import: id }` is refused at program time with one line naming the way to adopt.
 */
import * as assert from "assert";
import * as pulumi from "@pulumi/pulumi";
import * as esign from "../../provider";
import { ProviderHarness } from "./support/harness";
import { warningsOf } from "./support/identity";

describe("provider (in process): adoption is announced", () => {
  let h: ProviderHarness;
  beforeEach(async () => (h = (await ProviderHarness.start()).ignoringPinRead()));
  afterEach(async () => h?.close());

  it("Team adopt: true names the team it took over", async () => {
    const made = await h.resource("Team").create({ name: "Ops" });
    h.nextRun();
    const { result, warnings } = await warningsOf(() => h.resource("Team").create({ name: "Ops", adopt: true }));
    assert.strictEqual(result.id, made.id);
    assert.deepStrictEqual(
      warnings.map((w) => w.split(";")[0]),
      [`Team adopted team "Ops" (${made.id}) (adopt: true)`],
    );
  });

  it("FaxLine number names the line it took over", async () => {
    const made = await h.resource("FaxLine").create({ areaCode: 415, country: "US" });
    h.nextRun();
    const { result, warnings } = await warningsOf(() => h.resource("FaxLine").create({ number: made.id }));
    assert.strictEqual(result.id, made.id);
    assert.deepStrictEqual(
      warnings.map((w) => w.split(";")[0]),
      [`FaxLine adopted fax line ${made.id} (number was given)`],
    );
  });
});

describe("program: { import: id } is refused with one line", () => {
  const cases: [string, () => unknown, RegExp][] = [
    ["ApiApp", () => new esign.ApiApp("portal", { name: "P", domains: ["p.example.com"] }, { import: "abc" }), /give clientId: "abc" \(or adopt: true/],
    ["Team", () => new esign.Team("team", {}, { import: "t1" }), /give adopt: true/],
    ["Template", () => new esign.Template("nda", { signerRoles: [], formFieldsPerDocument: [] }, { import: "t2" }), /give templateId: "t2"/],
    ["FaxLine", () => new esign.FaxLine("line", {}, { import: "+14155550100" }), /give number: "\+14155550100"/],
    ["TeamMember", () => new esign.TeamMember("m", { emailAddress: "m@example.com" }, { import: "x" }), /already on the team is taken over/],
  ];
  for (const [type, make, hint] of cases) {
    it(type, () => {
      assert.throws(make, (e: Error) => {
        assert.ok(pulumi.RunError.isInstance(e), "a RunError: the SDK prints its message alone, no stack");
        assert.ok(!e.message.includes("\n"), e.message);
        assert.match(e.message, new RegExp(`^esign:${type} "\\w+": \\{ import: ".*" \\} is not supported`));
        assert.match(e.message, hint);
        assert.match(e.message, /`esign export`/);
        return true;
      });
    });
  }
});
