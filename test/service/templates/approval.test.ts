/**
 * create_embedded_draft with an unapproved app (S1 testCreateEmbeddedTemplateDraftInvalid.json:
 * {"error_msg":"App not approved yet","error_name":"bad_request"}). The app approval page says
 * approval is needed for production, so a test_mode draft is accepted (our reading), and an
 * approved app (PATCH /_local/api_apps/{id} {is_approved}) drafts in production too.
 */
import assert from "node:assert/strict";
import { Api, expectErrorAt, expectStatus, startForTest } from "../support/api";
import { pdf, templateForm } from "../support/files";
import type { RunningService } from "../../../service";

describe("service: embedded drafts need an approved app outside test mode", () => {
  let svc: RunningService;
  let api: Api;
  before(async () => ({ svc, api } = await startForTest({ plan: "premium" })));
  after(() => svc.close());

  const draft = (client_id: string, extra: Record<string, unknown> = {}) =>
    api.req("POST", "/template/create_embedded_draft", { form: templateForm([pdf(1)], { client_id, signer_roles: [{ name: "Client" }], ...extra }) });

  it('an unapproved app: 400 "App not approved yet" naming client_id; test_mode passes', async () => {
    const client_id = await api.newApp();
    const r = await draft(client_id);
    expectErrorAt(r, 400, "client_id");
    assert.equal(r.body.error.error_msg, "App not approved yet");
    assert.equal(r.body.error.error_name, "bad_request");
    expectStatus(await draft(client_id, { test_mode: true }));
  });

  it("an approved app drafts in production", async () => {
    const client_id = await api.newApp();
    expectStatus(await api.ctl("PATCH", `/api_apps/${client_id}`, { is_approved: true }));
    const r = await draft(client_id);
    expectStatus(r);
    assert.match(r.body.template.edit_url, /^https:\/\//);
  });

  it("template/create with an unapproved app's client_id is not refused (no recording of it)", async () => {
    const client_id = await api.newApp();
    const r = await api.req("POST", "/template/create", {
      form: templateForm([pdf(1)], {
        client_id,
        signer_roles: [{ name: "Client" }],
        form_fields_per_document: [{ document_index: 0, api_id: "s", type: "signature", x: 1, y: 1, width: 100, height: 30, required: true, signer: 0, page: 1 }],
      }),
    });
    expectStatus(r);
  });
});
