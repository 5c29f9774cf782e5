/**
 * The diff -> create hand-over of a file change (update_files on the replaced template, D7)
 * belongs to the run (the Deployment, D91): a run cut off between the diff and the create
 * leaves nothing that a later run in the same process would act on.
 */
import * as assert from "assert";
import { ProviderHarness } from "../../support/harness";
import { writes } from "../../support/calls";
import { examplePdf, ndaTemplate } from "../../support/fixtures";

describe("fast tier: Template file-change hand-over", () => {
  let h: ProviderHarness;
  beforeEach(async () => (h = (await ProviderHarness.start({ templateProcessingMs: 0 })).ignoringPinRead()));
  afterEach(async () => h?.close());

  const templates = () => h.resource("Template");
  const news = ndaTemplate({ files: [examplePdf("nda-v2.pdf")] });

  it("the create after the diff of the same run overlays the old template", async () => {
    const old = await templates().create(ndaTemplate());
    h.nextRun();
    await templates().diff(old.id, old.outs, news);
    const { calls } = await h.counting(() => templates().create(news));
    assert.deepStrictEqual(writes(calls).slice(0, 1), [`POST /v3/template/update_files/${old.id}`]);
  });

  it("a run cut off after the diff leaves nothing: the next run's create of the same inputs makes its own template", async () => {
    const old = await templates().create(ndaTemplate());
    h.nextRun();
    await templates().diff(old.id, old.outs, news); // the run ends here (cut off, or preview only)
    h.nextRun(); // the same process serves the next run
    const { result, calls } = await h.counting(() => templates().create(news));
    assert.deepStrictEqual(writes(calls).slice(0, 1), ["POST /v3/template/create"]);
    const read = await templates().read(old.id, old.outs);
    assert.strictEqual(read.id, old.id, "the old template is untouched");
    assert.notStrictEqual(result.id, old.id);
  });

  it("a hand-over is taken once: a second create of the same inputs in the run makes its own template", async () => {
    const old = await templates().create(ndaTemplate());
    h.nextRun();
    await templates().diff(old.id, old.outs, news);
    await templates().create(news);
    const { calls } = await h.counting(() => templates().create(news));
    assert.deepStrictEqual(writes(calls).slice(0, 1), ["POST /v3/template/create"]);
  });
});
