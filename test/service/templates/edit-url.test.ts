/**
 * POST /embedded/edit_url/{id} with `signer_experience`: the description's SubSignerExperience
 * requires none of its keys, so `{}` is accepted; a form_view outside its enum is still a 400.
 */
import assert from "node:assert/strict";
import { Api, expectErrorAt, expectStatus, startForTest } from "../support/api";
import { pdf, templateForm } from "../support/files";
import type { RunningService } from "../../../service";

describe("service: embedded edit URL and signer_experience", () => {
  let svc: RunningService;
  let api: Api;
  let id: string;
  before(async () => {
    ({ svc, api } = await startForTest({ plan: "premium" }));
    // A new app is not approved: its drafts are test-mode only ("App not approved yet" otherwise).
    const client_id = await api.newApp();
    const d = await api.req("POST", "/template/create_embedded_draft", { form: templateForm([pdf(1)], { client_id, signer_roles: [{ name: "Client", order: 0 }], test_mode: true }) });
    expectStatus(d);
    id = d.body.template.template_id;
  });
  after(() => svc.close());

  it("accepts an empty signer_experience, and one with a form_view of the enum", async () => {
    for (const signer_experience of [{}, { form_view: "forced" }]) {
      const r = await api.post(`/embedded/edit_url/${id}`, { signer_experience, test_mode: true });
      expectStatus(r);
      assert.match(r.body.embedded.edit_url, /^https:\/\//);
    }
  });

  it("refuses a form_view outside the enum, naming it", async () => {
    expectErrorAt(await api.post(`/embedded/edit_url/${id}`, { signer_experience: { form_view: "sideways" }, test_mode: true }), 400, "signer_experience.form_view");
  });
});
