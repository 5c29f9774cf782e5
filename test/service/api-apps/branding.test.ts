/**
 * Premium branding as the current reference describes it (official docs, evidence section 9, finding
 * 10, S22): an unset hover colour inherits from its active state; the secondary button's text defaults to
 * `#00B3E6`; `header_background_color_light` is fixed at `#F7F8F9`, so it is not a parameter. These
 * replace our earlier guess (the description's SubWhiteLabelingOptions defaults for every key,
 * `#0061FE` for the hover states and the secondary text). Answers still carry only the keys set.
 */
import assert from "node:assert/strict";
import type { RunningService } from "../../../service";
import { type Api, expectEnvelope, expectStatus, startForTest } from "../support/api";

describe("service: premium branding colours", () => {
  let svc: RunningService;
  let api: Api;
  before(async () => ({ svc, api } = await startForTest({ plan: "premium" })));
  after(() => svc.close());

  let made = 0;
  const create = (white_labeling_options: Record<string, string>) => api.post("/api_app", { name: `Brand ${++made}`, domains: ["example.com"], white_labeling_options });
  const refusedPairs = (r: { body: { error: { error_msg: string } } }) => (JSON.parse(r.body.error.error_msg) as { element_name: string }[]).map((e) => e.element_name);

  it("an unset hover background is its active colour: a hover text that vanishes on it is refused", async () => {
    const r = await create({ primary_button_color: "#FFFFFF", primary_button_text_color: "#000000", primary_button_text_color_hover: "#FFFFFF" });
    expectEnvelope(r, 400, "bad_request");
    assert.deepEqual(refusedPairs(r), ["primary_button_text_color_hover and primary_button_color_hover"]);
  });

  it("a hover text readable on the inherited hover background is accepted, and the answer holds only the keys set", async () => {
    const set = { primary_button_color: "#FFFFFF", primary_button_text_color: "#0061FE", primary_button_text_color_hover: "#0061FE" };
    const r = await create(set);
    expectStatus(r, 201);
    assert.deepEqual(r.body.api_app.white_labeling_options, set);
  });

  it("the secondary button's text defaults to #00B3E6: a light grey secondary button is too close to it", async () => {
    const r = await create({ secondary_button_color: "#CCCCCC" });
    expectEnvelope(r, 400, "bad_request");
    assert.deepEqual(refusedPairs(r), ["secondary_button_text_color and secondary_button_color", "secondary_button_text_color_hover and secondary_button_color_hover"]);
    expectStatus(await create({ secondary_button_color: "#CCCCCC", secondary_button_text_color: "#000000" }), 201);
  });

  it("header_background_color_light is fixed (#F7F8F9), not a parameter: refused as unknown", async () => {
    const r = await create({ header_background_color_light: "#F7F8F9" });
    expectEnvelope(r, 400, "bad_request");
    assert.equal(r.body.error.error_msg, "Invalid parameter: header_background_color_light");
  });
});
