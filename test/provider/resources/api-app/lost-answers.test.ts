/**
 * ApiApp: every write whose answer is lost after the service committed it (the connection
 * dropped, or a 503) ends with exactly the declared app (DECISIONS D90).
 */
import * as assert from "assert";
import { ProviderHarness } from "../../support/harness";
import { allLost, LOSSES, loseNextAnswer, rows } from "../../support/lost-answer";

describe("fast tier: ApiApp after a lost answer", () => {
  let h: ProviderHarness;
  beforeEach(async () => (h = (await ProviderHarness.start()).ignoringPinRead()));
  afterEach(async () => h?.close());

  const apps = () => h.resource("ApiApp");
  const portal = { name: "Portal", domains: ["portal.example.com"] };

  for (const loss of LOSSES) {
    describe(`answer ${loss}`, () => {
      it("create keeps the one app it made", async () => {
        await loseNextAnswer(h, "POST", "/api_app", loss);
        const made = await apps().create(portal);
        assert.ok(await allLost(h));
        const all = await rows(h, "api_apps");
        assert.deepStrictEqual(
          all.map((a) => a.client_id),
          [made.id],
        );
      });

      // Two apps of one run (the service refuses two of one name, so they differ in name only).
      it("two creates of one run, one answer lost: two apps, one each", async () => {
        await loseNextAnswer(h, "POST", "/api_app", loss);
        const [a, b] = await Promise.all([apps().create(portal), apps().create({ ...portal, name: "Portal 2" })]);
        assert.ok(await allLost(h));
        assert.notStrictEqual(a.id, b.id);
        assert.deepStrictEqual((await rows(h, "api_apps")).map((x) => x.client_id).sort(), [a.id, b.id].sort());
      });

      it("... and the other create's answer is slow: the lost one still never takes the other's app", async () => {
        await loseNextAnswer(h, "POST", "/api_app", loss);
        await h.control("POST", "/faults", { method: "POST", path: "/api_app", after: true, delay_ms: 400, count: 1 });
        const [a, b] = await Promise.all([apps().create(portal), apps().create({ ...portal, name: "Portal 2" })]);
        assert.ok(await allLost(h));
        assert.notStrictEqual(a.id, b.id);
        assert.deepStrictEqual((await rows(h, "api_apps")).map((x) => x.client_id).sort(), [a.id, b.id].sort());
      });

      it("update leaves the app as declared", async () => {
        const made = await apps().create(portal);
        h.nextRun();
        await loseNextAnswer(h, "PUT", "/api_app/{id}", loss);
        const outs = await apps().update(made.id, made.outs, { ...portal, name: "Portal 2" });
        assert.ok(await allLost(h));
        assert.strictEqual(outs.name, "Portal 2");
        assert.deepStrictEqual(
          (await rows(h, "api_apps")).map((a) => a.name),
          ["Portal 2"],
        );
      });

      it("delete ends with the app gone, without an error", async () => {
        const made = await apps().create(portal);
        const kept = await apps().create({ ...portal, name: "Kept" });
        h.nextRun();
        await loseNextAnswer(h, "DELETE", "/api_app/{id}", loss);
        await apps().delete(made.id, made.outs);
        assert.ok(await allLost(h));
        assert.deepStrictEqual(
          (await rows(h, "api_apps")).map((a) => a.client_id),
          [kept.id],
        );
      });
    });
  }
});
