/**
 * GET /template/files/{id} and its `file_type` (the description's enum, pdf | zip): pdf is one
 * merged document, zip the documents one PDF each in a ZIP archive, and any other value a 400
 * naming file_type.
 */
import assert from "node:assert/strict";
import { Api, expectErrorAt, expectStatus, startForTest, waitFor } from "../support/api";
import { LANDSCAPE, pdf, templateForm } from "../support/files";
import { unzip } from "../support/unzip";
import { inspectPdf } from "../../support/pdf";
import type { RunningService } from "../../../service";

const FIELDS = [{ document_index: 0, api_id: "f1", name: "Name", type: "text", x: 10, y: 10, width: 120, height: 20, required: true, signer: 0, page: 1 }];

describe("service: template files as pdf or zip", () => {
  let svc: RunningService;
  let api: Api;
  let id: string;
  before(async () => {
    ({ svc, api } = await startForTest({ plan: "premium", templateProcessingMs: 20 }));
    const r = await api.req("POST", "/template/create", {
      form: templateForm([pdf(2), pdf(1, LANDSCAPE)], { title: "T", signer_roles: [{ name: "Client", order: 0 }], form_fields_per_document: FIELDS }),
    });
    expectStatus(r);
    id = r.body.template.template_id;
    await waitFor(async () => (await api.get(`/template/files/${id}`)).status === 200, 5000, "template ready");
  });
  after(() => svc.close());

  it("file_type=zip answers a ZIP archive with one PDF per document, in order", async () => {
    const r = await api.get(`/template/files/${id}`, { query: { file_type: "zip" } });
    expectStatus(r);
    assert.equal(r.headers.get("content-type"), "application/zip");
    assert.equal(r.headers.get("content-disposition"), `attachment; filename="${id}.zip"`);
    const entries = unzip(r.data);
    assert.deepEqual(
      entries.map((e) => e.name),
      ["files0.pdf", "files1.pdf"],
    );
    const [first, second] = entries.map((e) => inspectPdf(e.data));
    assert.equal(first!.pageCount, 2);
    assert.equal(second!.pageCount, 1);
    assert.equal(second!.pages[0]!.orientation, "landscape");
  });

  it("file_type=pdf, and no file_type, answer the documents merged into one PDF", async () => {
    for (const query of [{ file_type: "pdf" }, undefined]) {
      const r = await api.get(`/template/files/${id}`, { query });
      expectStatus(r);
      assert.equal(r.headers.get("content-type"), "application/pdf");
      assert.equal(inspectPdf(r.data).pageCount, 3);
    }
  });

  it("any other file_type is a 400 naming file_type", async () => {
    for (const file_type of ["AAA", "", "ZIP", "pdf,zip"]) {
      const r = await api.get(`/template/files/${id}`, { query: { file_type } });
      expectErrorAt(r, 400, "file_type");
      assert.match(r.body.error.error_msg, /file_type must be one of pdf, zip/);
    }
  });
});
