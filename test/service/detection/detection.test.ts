/**
 * Contract tests over HTTP: POST /document/detect_fields with real PDFs made by makePdf
 * (form-field annotations and text tags), page_range handling, and document problems
 * reported in detection_result.errors / warnings.
 */
import * as assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { makePdf, pdfWithText } from "../../support/pdf";
import { Api, expectErrorAt, expectStatus, startForTest } from "../support/api";
import { startReceiver, type Receiver } from "../support/files";

const withFields = makePdf({
  pages: [
    {
      texts: [{ x: 72, y: 720, text: "Page one" }],
      fields: [
        { name: "client_sig", type: "signature", rect: [72, 100, 272, 140], required: true },
        { name: "full_name", type: "text", rect: [72, 200, 272, 220] },
        { name: "agree", type: "checkbox", rect: [72, 300, 84, 312], required: true },
      ],
    },
    { width: 792, height: 612, fields: [{ name: "pick", type: "radio", rect: [10, 10, 20, 20] }] },
  ],
});
const tagged = pdfWithText([
  ["Sign here: [sig|req|signer1]", "Name: [text|noreq|signer2|Full name|name_api]"],
  ["[initial|req|signer1] [date|req|signer1]", "[check|noreq|signer1]", "[sig|maybe|signer1] and [foo|req|signer1]"],
]);

describe("service: document field detection", () => {
  let api: Api;
  let files: Receiver;
  let docUrl: string;
  before(async () => {
    ({ api } = await startForTest());
    files = await startReceiver();
    docUrl = files.serve("not-a.pdf", Buffer.from('{"not":"a PDF"}'));
  });
  after(async () => {
    await api.svc.close();
    await files.close();
  });

  const detect = (fields: Record<string, unknown>) => api.form("POST", "/document/detect_fields", fields);

  it("annotations: form-field widgets become form_fields_per_document (top-left coordinates, 1-based page)", async () => {
    const r = await detect({ file: withFields, detection_mode: "annotations" });
    expectStatus(r);
    assert.deepEqual(Object.keys(r.body).sort(), ["detection_result", "warnings"]);
    const d = r.body.detection_result;
    assert.equal(d.document_hash, createHash("sha256").update(withFields).digest("hex"));
    assert.equal(d.detection_mode, "annotations");
    assert.equal(d.page_count, 2);
    assert.equal(d.pages_analyzed, "0-1");
    assert.ok(Math.abs(d.detected_at - Date.now() / 1000) < 60);
    assert.deepEqual(
      d.form_fields_per_document.map((f: { api_id: string; type: string; page: number; required: boolean }) => [f.api_id, f.type, f.page, f.required]),
      [
        ["client_sig", "signature", 1, true],
        ["full_name", "text", 1, false],
        ["agree", "checkbox", 1, true],
        ["pick", "radio", 2, false],
      ],
    );
    const sig = d.form_fields_per_document[0];
    assert.deepEqual([sig.x, sig.y, sig.width, sig.height], [72, 792 - 140, 200, 40]);
    assert.deepEqual(d.form_field_groups, [{ group_id: "pick", group_label: "pick", requirement: "require_0-1" }]);
    assert.deepEqual(d.errors, []);
  });

  it("text_tags: tags become fields placed where they are printed; invalid tags are warnings", async () => {
    const r = await detect({ file: tagged, detection_mode: "text_tags" });
    expectStatus(r);
    const d = r.body.detection_result;
    const fields = d.form_fields_per_document;
    assert.deepEqual(
      fields.map((f: { type: string; required: boolean; signer: number; page: number }) => [f.type, f.required, f.signer, f.page]),
      [
        ["signature", true, 0, 1],
        ["text", false, 1, 1],
        ["initials", true, 0, 2],
        ["date_signed", true, 0, 2],
        ["checkbox", false, 0, 2],
      ],
    );
    assert.equal(fields[1].api_id, "name_api");
    assert.equal(fields[1].name, "Full name");
    assert.equal(fields[0].y, 792 - 720 - 12);
    assert.ok(fields[0].x > 72 && fields[0].width > 0 && fields[0].height > 0);
    const invalid = d.warnings.filter((w: { warning_name: string }) => w.warning_name === "invalid_text_tag");
    assert.equal(invalid.length, 2);
  });

  it("page_range: zero-based subset, indexes beyond the page count as warnings or errors", async () => {
    const one = await detect({ file: tagged, detection_mode: "text_tags", page_range: "1" });
    assert.equal(one.body.detection_result.pages_analyzed, "1");
    assert.ok(one.body.detection_result.form_fields_per_document.every((f: { page: number }) => f.page === 2));
    const partly = await detect({ file: tagged, detection_mode: "text_tags", page_range: "0,2-4" });
    expectStatus(partly);
    assert.equal(partly.body.detection_result.pages_analyzed, "0");
    assert.ok(partly.body.detection_result.warnings.some((w: { warning_name: string }) => w.warning_name === "page_out_of_range"));
    assert.ok(partly.body.warnings.some((w: { warning_name: string }) => w.warning_name === "page_out_of_range"));
    const none = await detect({ file: tagged, detection_mode: "text_tags", page_range: "5" });
    expectStatus(none);
    assert.equal(none.body.detection_result.errors[0].error_name, "page_out_of_range");
    assert.equal(none.body.detection_result.errors[0].error_path, "page_range");
    assert.deepEqual(none.body.detection_result.form_fields_per_document, []);
    const huge = await detect({ file: tagged, detection_mode: "text_tags", page_range: "1-99999999999999999999" });
    expectStatus(huge);
    assert.equal(huge.body.detection_result.pages_analyzed, "1");
  });

  it("page_range syntax is strict: 400 with error_path page_range", async () => {
    for (const bad of ["1,,2", "a", "-1", "3-1", "1-", " 1", "all,0"]) {
      expectErrorAt(await detect({ file: tagged, detection_mode: "text_tags", page_range: bad }), 400, "page_range");
    }
  });

  it("exactly one of file and file_url; detection_mode required and from the contract", async () => {
    expectErrorAt(await api.post("/document/detect_fields", { detection_mode: "annotations" }), 400, "file");
    expectErrorAt(await detect({ file: tagged, file_url: "https://example.com/a.pdf", detection_mode: "annotations" }), 400, "file");
    expectErrorAt(await detect({ file: tagged }), 400, "detection_mode");
    expectErrorAt(await detect({ file: tagged, detection_mode: "ocr" }), 400, "detection_mode");
    const byUrl = await api.post("/document/detect_fields", { file_url: docUrl, detection_mode: "annotations" });
    expectStatus(byUrl); // a JSON file is no PDF: reported in errors, not a failure
    assert.equal(byUrl.body.detection_result.errors[0].error_name, "invalid_file_type");
  });

  it("problems go to errors/warnings: non-PDF, encrypted, unreadable, no fields (with a suggestion)", async () => {
    const text = await detect({ file: Buffer.from("just text"), detection_mode: "annotations" });
    expectStatus(text);
    assert.deepEqual(
      text.body.detection_result.errors.map((e: { error_name: string }) => e.error_name),
      ["invalid_file_type"],
    );
    const enc = await detect({ file: makePdf({ markEncrypted: true, pages: [{}] }), detection_mode: "annotations" });
    assert.deepEqual(
      enc.body.detection_result.errors.map((e: { error_name: string }) => e.error_name),
      ["encrypted_file"],
    );
    assert.equal(enc.body.detection_result.page_count, 1);
    const broken = await detect({ file: Buffer.from("%PDF-1.7\nnothing here"), detection_mode: "annotations" });
    assert.deepEqual(
      broken.body.detection_result.errors.map((e: { error_name: string }) => e.error_name),
      ["unreadable_file"],
    );
    const none = await detect({ file: tagged, detection_mode: "annotations" });
    assert.ok(none.body.detection_result.warnings.some((w: { warning_name: string }) => w.warning_name === "no_fields_found"));
    assert.ok(none.body.detection_result.suggestions.some((s: string) => s.includes("text_tags")));
  });
});
