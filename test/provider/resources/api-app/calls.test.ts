/**
 * ApiApp's provider in process against the in-process service: the lifecycle and the API
 * calls each operation makes.
 */
import * as assert from "assert";
import { ProviderHarness } from "../../support/harness";

describe("provider (in process): ApiApp", () => {
  let h: ProviderHarness;
  before(async () => (h = await ProviderHarness.start()));
  after(async () => h?.close());

  it("check names the property and the rule, without a request", async () => {
    const { result, calls } = await h.counting(() => h.resource("ApiApp").check({ name: "Portal", domains: Array.from({ length: 11 }, (_, i) => `d${i}.example.com`) }));
    assert.deepStrictEqual(calls, []);
    assert.deepStrictEqual(
      result.failures?.map((f) => f.property),
      ["domains"],
    );
  });

  it("creates, reads, updates in place and deletes", async () => {
    const apps = h.resource("ApiApp");
    const made = await apps.create({ name: "Portal", domains: ["portal.example.com"] });
    assert.strictEqual(made.outs.clientId, made.id);
    const diff = await apps.diff(made.id, made.outs, { name: "Portal 2", domains: ["portal.example.com"] });
    assert.deepStrictEqual([diff.changes, diff.replaces], [true, []]);
    const outs = await apps.update(made.id, made.outs, { name: "Portal 2", domains: ["portal.example.com"] });
    assert.strictEqual(outs.name, "Portal 2");
    const read = await apps.read(made.id, outs);
    assert.strictEqual(read.props?.name, "Portal 2");
    h.nextRun(); // a later `pulumi destroy`
    const { calls } = await h.counting(() => apps.delete(made.id, outs));
    // The key's account first (the pin, once per provider process), then the delete.
    assert.deepStrictEqual(calls, ["GET /v3/account", `DELETE /v3/api_app/${made.id}`]);
    const gone = await apps.read(made.id, outs);
    assert.strictEqual(gone.id, "");
  });
});
