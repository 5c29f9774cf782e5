/**
 * Premium branding's inherited values are not a difference (evidence section 9, finding 10): an
 * unset hover colour is its active colour and the secondary text defaults to `#00B3E6`. A service
 * that reports those inherited values (the local one answers only the keys set; the control plane
 * stands in for one that reports them all) leaves an app that declares only its active colours
 * unchanged: the provider compares the declared keys alone. The general rule (a value not reported
 * is not a change) is issue 35 item 4's; this is only its branding case.
 */
import * as assert from "assert";
import { ProviderHarness } from "../../support/harness";

describe("fast tier: ApiApp premium branding", () => {
  let h: ProviderHarness;
  before(async () => (h = await ProviderHarness.start({ plan: "premium" })));
  after(async () => h?.close());

  it("a declared active colour whose hover the service reports as inherited reads back as declared, with no change", async () => {
    const inputs = { name: "Branded", domains: ["brand.example.com"], whiteLabelingOptions: { primaryButtonColor: "#1A1A1A", primaryButtonTextColor: "#FFFFFF" } };
    const app = await h.resource("ApiApp").create(inputs);
    const reported = {
      primary_button_color: "#1A1A1A",
      primary_button_text_color: "#FFFFFF",
      primary_button_color_hover: "#1A1A1A",
      primary_button_text_color_hover: "#FFFFFF",
      secondary_button_text_color: "#00B3E6",
      secondary_button_text_color_hover: "#00B3E6",
    };
    assert.strictEqual((await h.control("PATCH", `/api_apps/${app.id}`, { white_labeling_options: reported })).status, 200);
    const read = await h.resource("ApiApp").read(app.id, app.outs);
    assert.deepStrictEqual(read.props?.whiteLabelingOptions, inputs.whiteLabelingOptions);
    const diff = await h.resource("ApiApp").diff(app.id, read.props!, inputs);
    assert.deepStrictEqual([diff.changes, diff.replaces ?? []], [false, []]);
  });
});
