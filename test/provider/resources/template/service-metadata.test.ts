/**
 * The metadata keys the service adds to every template (`sent_from_domain`,
 * `created_on_domain`: recorded on every template of S2 list_templates.yaml, and what the local
 * service does) are never the template's content: a read with nothing declared (an import, or
 * `esign export` then adoption) leaves them out, so a program that declares no metadata has no
 * difference, and an adopted template is never refused for them.
 */
import * as assert from "assert";
import { ProviderHarness } from "../../support/harness";
import { ndaTemplate } from "../../support/fixtures";
import { EsignClient } from "../../../../provider/client";

describe("fast tier: Template metadata the service adds", () => {
  let h: ProviderHarness;
  beforeEach(async () => (h = (await ProviderHarness.start({ templateProcessingMs: 0 })).ignoringPinRead()));
  afterEach(async () => h?.close());

  it("a read with nothing declared has no metadata; with a key of the program's, only that key", async () => {
    const made = await h.resource("Template").create(ndaTemplate());
    const client = new EsignClient({ apiKey: h.svc.apiKey, baseUrl: h.svc.baseUrl });
    const raw = (await client.template.get(made.id)).metadata ?? {};
    assert.ok("sent_from_domain" in raw && "created_on_domain" in raw, "the service adds its keys");
    h.nextRun();
    const imported = await h.resource("Template").read(made.id, {});
    assert.strictEqual(imported.props?.metadata, undefined);

    const own = await h.resource("Template").create(ndaTemplate({ metadata: { team: "legal" } }));
    h.nextRun();
    const read = await h.resource("Template").read(own.id, { metadata: { team: "legal" } });
    assert.deepStrictEqual(read.props?.metadata, { team: "legal" });
  });
});
