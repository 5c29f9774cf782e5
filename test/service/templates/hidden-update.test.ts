/**
 * POST /template/update/{id} is not part of the documented API (hidden from the docs, removed
 * from the description and the SDKs in May 2026: evidence §9, S19). The service serves it only
 * under the legacy dialect "sdk-2025"; by default it answers as any path no route has (D123).
 */
import assert from "node:assert/strict";
import { operation } from "../../../contract";
import { Api, expectEnvelope, expectStatus, startForTest } from "../support/api";
import { pdf, templateForm } from "../support/files";
import type { RunningService } from "../../../service";

const FIELDS = [{ document_index: 0, api_id: "f1", name: "Name", type: "text", x: 10, y: 10, width: 120, height: 20, required: true, signer: 0, page: 1 }];
const create = async (api: Api) =>
  (await api.req("POST", "/template/create", { form: templateForm([pdf(1)], { title: "T", signer_roles: [{ name: "Client", order: 0 }], form_fields_per_document: FIELDS }) })).body.template
    .template_id as string;

describe("service: the hidden template update route", () => {
  it("the contract marks it hidden, and no documented operation", () => {
    assert.match(operation("template.update").hidden ?? "", /removed from the description/);
    assert.equal(operation("template.update_files").hidden, undefined);
  });

  describe("default dialect", () => {
    let svc: RunningService;
    let api: Api;
    before(async () => ({ svc, api } = await startForTest({ templateProcessingMs: 0 })));
    after(async () => svc.close());

    it("answers as a route that does not exist: 404 not_found, the same body as an unknown path, and the template unchanged", async () => {
      const id = await create(api);
      const unknown = await api.post(`/template/rename/${id}`, { title: "New" });
      for (const r of [await api.post(`/template/update/${id}`, { title: "New" }), await api.get(`/template/update/${id}`)]) {
        expectEnvelope(r, 404, "not_found");
        assert.deepEqual(r.body, unknown.body);
      }
      assert.equal((await api.get(`/template/${id}`)).body.template.title, "T");
    });

    it("update_files, the documented way to new files with a subject and message, is served", async () => {
      const id = await create(api);
      const r = await api.req("POST", `/template/update_files/${id}`, { form: templateForm([pdf(1)], { subject: "S", message: "M" }) });
      expectStatus(r, 200);
      assert.notEqual(r.body.template.template_id, id, "a new template");
    });
  });

  describe('dialect "sdk-2025"', () => {
    let svc: RunningService;
    let api: Api;
    before(async () => ({ svc, api } = await startForTest({ templateProcessingMs: 0, responseDialect: "sdk-2025" })));
    after(async () => svc.close());

    it("serves it: the texts change in place, the id stays", async () => {
      const id = await create(api);
      const r = await api.post(`/template/update/${id}`, { title: "New", message: "M" });
      expectStatus(r, 200);
      assert.equal(r.body.template.template_id, id);
      assert.equal((await api.get(`/template/${id}`)).body.template.title, "New");
      expectEnvelope(await api.get(`/template/update/${id}`), 405, "method_not_supported");
    });
  });
});
