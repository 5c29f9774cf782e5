/**
 * Template: every write whose answer is lost after the service committed it ends with exactly
 * the declared templates: a create or a file change (update_files makes a new template) never
 * leaves a second one behind (DECISIONS D90).
 */
import * as assert from "assert";
import { ProviderHarness } from "../../support/harness";
import { examplePdf, ndaTemplate } from "../../support/fixtures";
import { allLost, LOSSES, loseNextAnswer, rows } from "../../support/lost-answer";

describe("fast tier: Template after a lost answer", () => {
  let h: ProviderHarness;
  // The legacy dialect: the update test opts into the hidden route (D123).
  beforeEach(async () => (h = (await ProviderHarness.start({ templateProcessingMs: 0, responseDialect: "sdk-2025" })).ignoringPinRead()));
  afterEach(async () => h?.close());

  const templates = () => h.resource("Template");
  const ids = async () => (await rows(h, "templates")).map((t) => t.template_id).sort();

  for (const loss of LOSSES) {
    describe(`answer ${loss}`, () => {
      it("create keeps the one template it made", async () => {
        const other = await templates().create(ndaTemplate()); // another stack's, same content
        h.nextRun();
        await loseNextAnswer(h, "POST", "/template/create", loss);
        const made = await templates().create(ndaTemplate());
        assert.ok(await allLost(h));
        assert.notStrictEqual(made.id, other.id);
        assert.deepStrictEqual(await ids(), [other.id, made.id].sort());
        assert.strictEqual(made.outs.title, "NDA");
      });

      it("two creates of one run with the same content, one answer lost: two templates, one each", async () => {
        await loseNextAnswer(h, "POST", "/template/create", loss);
        const [a, b] = await Promise.all([templates().create(ndaTemplate()), templates().create(ndaTemplate())]);
        assert.ok(await allLost(h));
        assert.notStrictEqual(a.id, b.id);
        assert.deepStrictEqual(await ids(), [a.id, b.id].sort());
      });

      it("update (esign:legacyTemplateUpdate) leaves the template as declared", async () => {
        const made = await templates().create(ndaTemplate());
        h.nextRun();
        h.set({ "esign:legacyTemplateUpdate": "true" });
        await loseNextAnswer(h, "POST", "/template/update/{id}", loss);
        const outs = await templates().update(made.id, made.outs, ndaTemplate({ title: "NDA 2" }));
        assert.ok(await allLost(h));
        assert.strictEqual(outs.title, "NDA 2");
        assert.deepStrictEqual(
          (await rows(h, "templates")).map((t) => t.title),
          ["NDA 2"],
        );
      });

      it("a text change by replacement keeps the one new template it made", async () => {
        const old = await templates().create(ndaTemplate());
        h.nextRun();
        const news = ndaTemplate({ title: "NDA 2" });
        await templates().diff(old.id, old.outs, news);
        await loseNextAnswer(h, "POST", "/template/create", loss);
        const made = await templates().create(news);
        assert.ok(await allLost(h));
        await templates().delete(old.id, old.outs); // the engine's delete of the replaced one
        assert.deepStrictEqual(await ids(), [made.id]);
        assert.strictEqual(made.outs.title, "NDA 2");
      });

      it("a file change (update_files) keeps the one new template it made", async () => {
        const old = await templates().create(ndaTemplate());
        h.nextRun();
        const news = ndaTemplate({ files: [examplePdf("nda-v2.pdf")] });
        await templates().diff(old.id, old.outs, news);
        await loseNextAnswer(h, "POST", "/template/update_files/{id}", loss);
        const made = await templates().create(news);
        assert.ok(await allLost(h));
        assert.notStrictEqual(made.id, old.id);
        await templates().delete(old.id, old.outs); // the engine's delete of the replaced one
        assert.deepStrictEqual(await ids(), [made.id]);
      });

      it("delete ends with the template gone, without an error", async () => {
        const made = await templates().create(ndaTemplate());
        const kept = await templates().create(ndaTemplate({ title: "Kept" }));
        h.nextRun();
        await loseNextAnswer(h, "POST", "/template/delete/{id}", loss);
        await templates().delete(made.id, made.outs);
        assert.ok(await allLost(h));
        assert.deepStrictEqual(await ids(), [kept.id]);
      });
    });
  }
});
