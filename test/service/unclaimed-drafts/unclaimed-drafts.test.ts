/**
 * Contract tests over HTTP: unclaimed_draft create / create_embedded /
 * create_embedded_with_template / edit_and_resend, and the claim URL served by the service
 * (first authenticated open claims, later opens 404, embedded drafts only with client_id).
 */
import * as assert from "node:assert/strict";
import { makePdf } from "../../support/pdf";
import { Api, expectEnvelope, expectErrorAt, expectStatus, startForTest } from "../support/api";

const pdf = makePdf({ pages: [{ texts: [{ x: 72, y: 700, text: "Draft" }] }] });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("service: unclaimed drafts", () => {
  let api: Api;
  let clientId: string;
  before(async () => {
    ({ api } = await startForTest({ templateProcessingMs: 1 }));
    clientId = await api.newApp();
  });
  after(async () => {
    await api.svc.close();
  });

  async function template(extra: Record<string, unknown> = {}): Promise<string> {
    const r = await api.form("POST", "/template/create", {
      "files[0]": pdf,
      title: "T",
      signer_roles: [{ name: "Client" }, { name: "Witness" }],
      form_fields_per_document: [{ document_index: 0, api_id: "s1", type: "signature", x: 10, y: 10, width: 100, height: 30, required: true, signer: "Client" }],
      ...extra,
    });
    expectStatus(r);
    await sleep(50); // template processing finishes asynchronously
    return r.body.template.template_id;
  }

  it("create: send_document opens Sign and send; first open claims, later opens 404", async () => {
    const r = await api.form("POST", "/unclaimed_draft/create", { "files[0]": pdf, type: "send_document", subject: "S" });
    expectStatus(r);
    const d = r.body.unclaimed_draft;
    assert.equal(typeof d.claim_url, "string");
    assert.equal(d.signature_request_id, null);
    assert.equal(d.test_mode, false);
    assert.equal(typeof d.expires_at, "number");
    const other = await api.newAccount();
    const unauth = await fetch(api.svc.url + new URL(d.claim_url).pathname);
    assert.equal(unauth.status, 401); // the claimer must be authenticated
    const first = await api.as(other.api_key).open(d.claim_url);
    expectStatus(first);
    assert.equal(first.body.claim.page, "sign_and_send");
    assert.equal(first.body.claim.page_title, "Sign and send");
    assert.equal(first.body.claim.claimed_by.account_id, other.account_id);
    assert.equal(first.body.claim.draft.subject, "S");
    expectEnvelope(await api.open(d.claim_url), 404);
    expectEnvelope(await api.as(other.api_key).open(d.claim_url), 404);
  });

  it("create: request_signature opens Request signature; signer name and email required", async () => {
    const r = await api.form("POST", "/unclaimed_draft/create", { "files[0]": pdf, type: "request_signature", "signers[0][name]": "A", "signers[0][email_address]": "a@example.com" });
    expectStatus(r);
    const open = await api.open(r.body.unclaimed_draft.claim_url);
    assert.equal(open.body.claim.page, "request_signature");
    assert.equal(open.body.claim.page_title, "Request signature");
    expectErrorAt(await api.form("POST", "/unclaimed_draft/create", { "files[0]": pdf, type: "request_signature", "signers[0][email_address]": "a@example.com" }), 400, "signers.0.name");
    expectErrorAt(await api.form("POST", "/unclaimed_draft/create", { "files[0]": pdf, type: "request_signature", "signers[0][name]": "A" }), 400, "signers.0.email_address");
    expectStatus(await api.form("POST", "/unclaimed_draft/create", { "files[0]": pdf, type: "send_document", "signers[0][email_address]": "a@example.com" }));
    expectErrorAt(await api.form("POST", "/unclaimed_draft/create", { "files[0]": pdf }), 400, "type");
    expectErrorAt(await api.form("POST", "/unclaimed_draft/create", { "files[0]": pdf, type: "nope" }), 400, "type");
    expectErrorAt(await api.post("/unclaimed_draft/create", { type: "send_document" }), 400, "files");
    expectErrorAt(await api.form("POST", "/unclaimed_draft/create", { "files[0]": pdf, type: "send_document", subject: "x".repeat(201) }), 400, "subject");
  });

  it("create_embedded: client_id of an own app and requester_email_address required; defaults; embedded-only claim", async () => {
    expectErrorAt(await api.form("POST", "/unclaimed_draft/create_embedded", { "files[0]": pdf, requester_email_address: "r@example.com" }), 400, "client_id");
    expectErrorAt(await api.form("POST", "/unclaimed_draft/create_embedded", { "files[0]": pdf, client_id: clientId }), 400, "requester_email_address");
    expectErrorAt(await api.form("POST", "/unclaimed_draft/create_embedded", { "files[0]": pdf, client_id: "f".repeat(32), requester_email_address: "r@example.com" }), 404, "client_id");
    const stranger = await api.newAccount({ plan: "standard" });
    expectErrorAt(
      await api.as(stranger.api_key).form("POST", "/unclaimed_draft/create_embedded", { "files[0]": pdf, client_id: clientId, requester_email_address: "r@example.com" }),
      403,
      "client_id",
    );
    expectErrorAt(
      await api.form("POST", "/unclaimed_draft/create_embedded", { "files[0]": pdf, client_id: clientId, requester_email_address: "r@example.com", subject: "x".repeat(201) }),
      400,
      "subject",
    );
    expectErrorAt(
      await api.form("POST", "/unclaimed_draft/create_embedded", { "files[0]": pdf, client_id: clientId, requester_email_address: "r@example.com", allow_reassign: "1" }),
      403,
      "allow_reassign",
    );

    const r = await api.form("POST", "/unclaimed_draft/create_embedded", {
      "files[0]": pdf,
      client_id: clientId,
      requester_email_address: "r@example.com",
      hold_request: "1",
      populate_auto_fill_fields: "1",
      force_signer_page: "1",
      "signers[0][name]": "A",
      "signers[0][email_address]": "a@example.com",
    });
    expectStatus(r);
    const d = r.body.unclaimed_draft;
    assert.match(d.signature_request_id, /^[0-9a-f]{40}$/);
    expectErrorAt(await api.open(d.claim_url), 403, "client_id"); // not the embedded way
    expectEnvelope(await api.open(`${d.claim_url}?client_id=${"e".repeat(32)}`), 403);
    const open = await api.open(`${d.claim_url}?client_id=${clientId}`);
    expectStatus(open);
    assert.equal(open.body.claim.page, "request_signature"); // type defaults to request_signature
    assert.equal(open.body.claim.embedded, true);
    const o = open.body.claim.draft.options;
    assert.deepEqual([o.allow_ccs, o.hold_request, o.populate_auto_fill_fields, o.force_signer_page, o.allow_reassign], [true, true, true, true, false]);
    expectEnvelope(await api.open(`${d.claim_url}?client_id=${clientId}`), 404);
  });

  it("create_embedded_with_template: templates in order, ccs for CC roles, custom_fields for merge fields, preview_only wins", async () => {
    const plain = await template();
    const withCc = await template({ cc_roles: ["Accounting"], merge_fields: [{ name: "amount", type: "text" }] });
    const signers = [
      { role: "Client", name: "C", email_address: "c@example.com" },
      { role: "Witness", name: "W", email_address: "w@example.com" },
    ];
    const base = { client_id: clientId, requester_email_address: "r@example.com", "files[0]": pdf, signers };
    expectErrorAt(await api.form("POST", "/unclaimed_draft/create_embedded_with_template", { ...base, template_ids: [plain, withCc], custom_fields: [{ name: "amount", value: "5" }] }), 400, "ccs");
    expectErrorAt(
      await api.form("POST", "/unclaimed_draft/create_embedded_with_template", { ...base, template_ids: [plain, withCc], ccs: [{ role: "Accounting", email_address: "acc@example.com" }] }),
      400,
      "custom_fields",
    );
    expectErrorAt(await api.form("POST", "/unclaimed_draft/create_embedded_with_template", { ...base, template_ids: [plain], signers: [signers[0]] }), 400, "signers");
    expectErrorAt(await api.form("POST", "/unclaimed_draft/create_embedded_with_template", { ...base, template_ids: ["0".repeat(40)] }), 404, "template_ids.0");
    expectErrorAt(await api.form("POST", "/unclaimed_draft/create_embedded_with_template", { client_id: clientId, requester_email_address: "r@example.com", "files[0]": pdf }), 400, "template_ids");
    expectErrorAt(await api.form("POST", "/unclaimed_draft/create_embedded_with_template", { ...base, template_ids: [plain], title: "x".repeat(256) }), 400, "title");
    const r = await api.form("POST", "/unclaimed_draft/create_embedded_with_template", {
      ...base,
      template_ids: [withCc, plain],
      ccs: [{ role: "Accounting", email_address: "acc@example.com" }],
      custom_fields: [{ name: "amount", value: "5" }],
      preview_only: "1",
      show_preview: "1",
    });
    expectStatus(r);
    assert.ok(r.body.warnings.some((w: { warning_name: string }) => w.warning_name === "parameter_ignored"));
    const open = await api.open(`${r.body.unclaimed_draft.claim_url}?client_id=${clientId}`);
    expectStatus(open);
    const draft = open.body.claim.draft;
    assert.deepEqual(draft.template_ids, [withCc, plain]);
    assert.deepEqual([draft.options.preview_only, draft.options.show_preview, draft.options.allow_ccs], [true, false, false]);
  });

  it("drafts use no quota; sending a claimed draft does (control plane stands in for the page)", async () => {
    const quota = async () => (await api.get("/account")).body.account.quotas.api_signature_requests_left;
    const before = await quota();
    const r = await api.form("POST", "/unclaimed_draft/create", {
      "files[0]": pdf,
      type: "request_signature",
      "signers[0][name]": "A",
      "signers[0][email_address]": "a@example.com",
      subject: "From draft",
    });
    assert.equal(await quota(), before);
    const token = new URL(r.body.unclaimed_draft.claim_url).pathname.split("/").pop();
    const early = await api.ctl("POST", `/unclaimed_drafts/${token}/send`);
    assert.equal(early.status, 409);
    expectStatus(await api.open(r.body.unclaimed_draft.claim_url));
    const sent = await api.ctl("POST", `/unclaimed_drafts/${token}/send`);
    expectStatus(sent);
    assert.equal(sent.body.signature_request.title, "From draft");
    assert.deepEqual(
      sent.body.signature_request.signatures.map((s: { status_code: string }) => s.status_code),
      ["awaiting_signature"],
    );
    assert.equal(await quota(), before - 1);
    assert.equal((await api.ctl("POST", `/unclaimed_drafts/${token}/send`)).status, 409);
    const list = (await api.ctl("GET", "/unclaimed_drafts")).body.unclaimed_drafts;
    assert.ok(list.some((d: { token: string; claimed_by: string }) => d.token === token && d.claimed_by === api.svc.accountId));

    const held = await api.form("POST", "/unclaimed_draft/create_embedded", {
      "files[0]": pdf,
      client_id: clientId,
      requester_email_address: "r@example.com",
      hold_request: "1",
      test_mode: "1",
      "signers[0][name]": "A",
      "signers[0][email_address]": "a@example.com",
    });
    const heldToken = new URL(held.body.unclaimed_draft.claim_url).pathname.split("/").pop();
    expectStatus(await api.open(`${held.body.unclaimed_draft.claim_url}?client_id=${clientId}`));
    const heldSent = await api.ctl("POST", `/unclaimed_drafts/${heldToken}/send`);
    expectStatus(heldSent);
    assert.equal(heldSent.body.signature_request.signature_request_id, held.body.unclaimed_draft.signature_request_id);
    assert.equal(heldSent.body.signature_request.signatures[0].status_code, "on_hold");
    assert.equal(await quota(), before - 1); // test_mode
  });

  it("edit_and_resend: a new request from an embedded one; plain requests and unknown apps are refused", async () => {
    const r = await api.form("POST", "/unclaimed_draft/create_embedded", {
      "files[0]": pdf,
      client_id: clientId,
      requester_email_address: "r@example.com",
      "signers[0][name]": "A",
      "signers[0][email_address]": "a@example.com",
    });
    const original = r.body.unclaimed_draft.signature_request_id;
    expectErrorAt(await api.post(`/unclaimed_draft/edit_and_resend/${original}`, {}), 400, "client_id");
    const again = await api.post(`/unclaimed_draft/edit_and_resend/${original}`, { client_id: clientId, test_mode: true });
    expectStatus(again);
    const d = again.body.unclaimed_draft;
    assert.notEqual(d.signature_request_id, original);
    assert.equal(d.test_mode, true);
    const open = await api.open(`${d.claim_url}?client_id=${clientId}`);
    assert.equal(open.body.claim.draft.requester_email_address, "r@example.com");
    const plain = await api.form("POST", "/unclaimed_draft/create", { "files[0]": pdf, type: "send_document" });
    assert.equal(plain.body.unclaimed_draft.signature_request_id, null);
    expectEnvelope(await api.post(`/unclaimed_draft/edit_and_resend/${"0".repeat(40)}`, { client_id: clientId }), 404);
  });
});
