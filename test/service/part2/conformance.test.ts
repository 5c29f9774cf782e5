/**
 * Every part-2 operation (signature_request, unclaimed_draft, document, fax, report) answers
 * with a status the contract lists as success and a body its response envelope accepts.
 */
import * as assert from "node:assert/strict";
import { operations, type OperationId } from "../../../provider/contract";
import { conformance } from "../helpers/conformance";
import { makePdf, pdfWithText } from "../../helpers/pdf";
import { newApp, seedRequest, startClient, type Client } from "./support";

const { conform, seen } = conformance();

describe("service part 2: responses conform to the contract", () => {
  let c: Client;
  before(async () => { c = await startClient({ plan: "enterprise", templateProcessingMs: 1 }); });
  after(async () => { await c.close(); });

  it("signature_request, unclaimed_draft, document, fax and report operations", async () => {
    const pdf = makePdf({ pages: [{ fields: [{ name: "s", type: "signature", rect: [1, 1, 50, 20] }] }] });
    const signer = { "signers[0][name]": "A", "signers[0][email_address]": "a@example.com" };
    const sr = await seedRequest(c);
    conform("signature_request.edit", await c.form("PUT", `/signature_request/edit/${sr.signature_request_id}`, { "files[0]": pdf, ...signer, metadata: { n: 1 } }));
    conform("signature_request.get", await c.call("GET", `/signature_request/${sr.signature_request_id}`));
    conform("signature_request.list", await c.call("GET", "/signature_request/list?account_id=all"));

    const clientId = await newApp(c);
    conform("unclaimed_draft.create", await c.form("POST", "/unclaimed_draft/create", { "files[0]": pdf, type: "request_signature", ...signer }));
    const emb = conform("unclaimed_draft.create_embedded", await c.form("POST", "/unclaimed_draft/create_embedded", { "files[0]": pdf, client_id: clientId, requester_email_address: "r@example.com", ...signer }));
    conform("unclaimed_draft.edit_and_resend", await c.call("POST", `/unclaimed_draft/edit_and_resend/${emb.body.unclaimed_draft.signature_request_id}`, { client_id: clientId }));
    const tpl = await c.form("POST", "/template/create", {
      "files[0]": pdf, signer_roles: [{ name: "Client" }],
      form_fields_per_document: [{ document_index: 0, api_id: "s1", type: "signature", x: 1, y: 1, width: 50, height: 20, required: true, signer: "Client" }],
    });
    await new Promise((r) => setTimeout(r, 50));
    conform("unclaimed_draft.create_embedded_with_template", await c.form("POST", "/unclaimed_draft/create_embedded_with_template", {
      "files[0]": pdf, client_id: clientId, requester_email_address: "r@example.com", template_ids: [tpl.body.template.template_id],
      signers: [{ role: "Client", name: "C", email_address: "c@example.com" }],
    }));

    conform("document.detect_fields", await c.form("POST", "/document/detect_fields", { file: pdf, detection_mode: "annotations" }));
    conform("document.detect_fields", await c.form("POST", "/document/detect_fields", { file: pdfWithText([["[sig|req|signer1]"]]), detection_mode: "text_tags", page_range: "0,4" }));
    conform("document.detect_fields", await c.form("POST", "/document/detect_fields", { file: Buffer.from("no pdf"), detection_mode: "text_tags" }));

    const fax = conform("fax.send", await c.form("POST", "/fax/send", { "files[0]": pdf, recipient: "+14155550100", cover_page_to: "X" }));
    conform("fax.get", await c.call("GET", `/fax/${fax.body.fax.fax_id}`));
    conform("fax.list", await c.call("GET", "/fax/list"));
    conform("fax.delete", await c.call("DELETE", `/fax/${fax.body.fax.fax_id}`));

    const d = new Date();
    const today = `${String(d.getUTCMonth() + 1).padStart(2, "0")}/${String(d.getUTCDate()).padStart(2, "0")}/${d.getUTCFullYear()}`;
    conform("report.create", await c.call("POST", "/report/create", { start_date: today, end_date: today, report_type: ["user_activity", "document_status"] }));

    const part2 = (Object.keys(operations) as OperationId[]).filter((op) => /^(signature_request|unclaimed_draft|document|fax|report)\./.test(op));
    assert.deepEqual(part2.filter((op) => !seen.has(op)), []);
  });
});
