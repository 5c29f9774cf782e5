/**
 * GET /signature_request/files/{id} and its `file_type` (pdf | zip in the description): zip is
 * the request's documents one PDF each (the service's signature page its own entry), pdf the
 * merged document, and any other value a 400 naming file_type.
 */
import assert from "node:assert/strict";
import { Api, expectErrorAt, expectStatus, formData, startForTest } from "../support/api";
import { pdf } from "../support/files";
import { unzip } from "../support/unzip";
import { inspectPdf } from "../../support/pdf";
import type { RunningService } from "../../../service";

describe("service: signature request files as pdf or zip", () => {
  let svc: RunningService;
  let api: Api;
  let id: string;
  before(async () => {
    ({ svc, api } = await startForTest());
    id = (await api.seedRequest()).signature_request_id;
    const fields = { files: [pdf(2), pdf(1)], signers: [{ name: "Ann", email_address: "ann@example.com" }], test_mode: "1" };
    expectStatus(await api.req("PUT", `/signature_request/edit/${id}`, { form: formData(fields) }));
  });
  after(() => svc.close());

  it("file_type=zip answers a ZIP archive: each document, then the signature page", async () => {
    const r = await api.get(`/signature_request/files/${id}`, { query: { file_type: "zip" } });
    expectStatus(r);
    assert.equal(r.headers.get("content-type"), "application/zip");
    assert.equal(r.headers.get("content-disposition"), `attachment; filename="${id}.zip"`);
    const entries = unzip(r.data);
    assert.equal(entries.length, 3, entries.map((e) => e.name).join());
    assert.deepEqual(
      entries.slice(0, 2).map((e) => e.name),
      ["files0.pdf", "files1.pdf"],
    );
    assert.deepEqual(
      entries.map((e) => inspectPdf(e.data).pageCount),
      [2, 1, 1],
    );
    assert.deepEqual(
      inspectPdf(entries[2]!.data).annotations.map((a) => a.kind),
      ["signature"],
      "the last entry is the signature page",
    );
  });

  it("file_type=pdf, and no file_type, answer one merged PDF", async () => {
    for (const query of [{ file_type: "pdf" }, undefined]) {
      const r = await api.get(`/signature_request/files/${id}`, { query });
      expectStatus(r);
      assert.equal(r.headers.get("content-type"), "application/pdf");
      assert.equal(inspectPdf(r.data).pageCount, 4);
    }
  });

  it("any other file_type is a 400 naming file_type", async () => {
    for (const file_type of ["AAA", "", "Zip"]) expectErrorAt(await api.get(`/signature_request/files/${id}`, { query: { file_type } }), 400, "file_type");
  });
});
