/**
 * Contract tests over HTTP: PUT /signature_request/edit/{id}, GET /signature_request/{id},
 * GET /signature_request/list, and the control-plane seeding route.
 */
import * as assert from "node:assert/strict";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { inspectPdf, makePdf, pdfWithText } from "../../support/pdf";
import { Api, expectEnvelope, expectErrorAt, expectStatus, inDays, startForTest } from "../support/api";
import { startReceiver, type Receiver } from "../support/files";

const pdf = makePdf({ pages: [{ texts: [{ x: 72, y: 700, text: "Contract" }] }] });
const signers = [{ name: "Ann", email_address: "ann@example.com" }];

describe("service: signature requests", () => {
  let api: Api;
  let files: Receiver;
  let docUrl: string;
  before(async () => {
    ({ api } = await startForTest());
    files = await startReceiver();
    docUrl = files.serve("contract.pdf", pdf);
  });
  after(async () => {
    await api.svc.close();
    await files.close();
  });

  async function quotas(key = api.key) {
    const r = await api.as(key).get("/account");
    expectStatus(r);
    return r.body.account.quotas;
  }

  it("edit sends: every signature awaiting_signature, is_complete false, quota deducted, event recorded", async () => {
    const seeded = await api.seedRequest({ title: "Old" });
    const before = await quotas();
    const r = await api.form("PUT", `/signature_request/edit/${seeded.signature_request_id}`, {
      "files[0]": pdf,
      title: "New title",
      subject: "Please sign",
      "signers[0][name]": "Ann",
      "signers[0][email_address]": "ann@example.com",
      "signers[1][name]": "Bob",
      "signers[1][email_address]": "bob@example.com",
      "metadata[custom_id]": "1234",
      "metadata[n]": "5",
    });
    expectStatus(r);
    const sr = r.body.signature_request;
    assert.equal(sr.signature_request_id, seeded.signature_request_id);
    assert.equal(sr.title, "New title");
    assert.equal(sr.is_complete, false);
    assert.deepEqual(
      sr.signatures.map((s: { status_code: string }) => s.status_code),
      ["awaiting_signature", "awaiting_signature"],
    );
    assert.deepEqual(
      sr.signatures.map((s: { signer_email_address: string }) => s.signer_email_address),
      ["ann@example.com", "bob@example.com"],
    );
    const after = await quotas();
    assert.equal(after.api_signature_requests_left, before.api_signature_requests_left - 1);
    const ev = await api.ctl("GET", `/events?event_type=signature_request_sent`);
    assert.ok(ev.body.events.some((e: { json: { signature_request?: { signature_request_id: string } } }) => e.json.signature_request?.signature_request_id === sr.signature_request_id));
  });

  it("POST /signature_request/send creates and sends with the edit body's rules", async () => {
    const r = await api.form("POST", "/signature_request/send", { "files[0]": pdf, ...{ "signers[0][name]": "Ann", "signers[0][email_address]": "ann@example.com" }, title: "Fresh", test_mode: "1" });
    expectStatus(r);
    const sr = r.body.signature_request;
    assert.equal(sr.title, "Fresh");
    assert.equal(sr.signatures[0].status_code, "awaiting_signature");
    expectStatus(await api.get(`/signature_request/${sr.signature_request_id}`));
    expectErrorAt(await api.form("POST", "/signature_request/send", { "files[0]": pdf }), 400, "signers");
    expectErrorAt(await api.form("POST", "/signature_request/send", { "files[0]": pdf, signers, title: "x".repeat(256) }), 400, "title");
  });

  it("numbers in metadata come back as text; metadata limits come from the contract", async () => {
    const { signature_request_id: id } = await api.seedRequest();
    const r = await api.put(`/signature_request/edit/${id}`, { file_urls: [docUrl], signers, test_mode: true, metadata: { n: 42, nested: { x: 1.5 }, s: "t" } });
    expectStatus(r);
    assert.deepEqual(r.body.signature_request.metadata, { n: "42", nested: { x: "1.5" }, s: "t" });
    const tooMany = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, i]));
    expectErrorAt(await api.put(`/signature_request/edit/${id}`, { file_urls: ["https://example.com/a.pdf"], signers, metadata: tooMany }), 400, "metadata");
    expectEnvelope(await api.put(`/signature_request/edit/${id}`, { file_urls: ["https://example.com/a.pdf"], signers, metadata: { ["k".repeat(41)]: "v" } }), 400);
  });

  it("test_mode requests use no quota", async () => {
    const { signature_request_id: id } = await api.seedRequest();
    const before = await quotas();
    expectStatus(await api.form("PUT", `/signature_request/edit/${id}`, { "files[0]": pdf, "signers[0][name]": "A", "signers[0][email_address]": "a@example.com", test_mode: "1" }));
    assert.deepEqual(await quotas(), before);
  });

  it("exactly one of files/file_urls and of signers/grouped_signers (400 with error_path)", async () => {
    const { signature_request_id: id } = await api.seedRequest();
    expectErrorAt(await api.put(`/signature_request/edit/${id}`, { signers }), 400, "files");
    expectErrorAt(
      await api.form("PUT", `/signature_request/edit/${id}`, { "files[0]": pdf, "file_urls[0]": "https://example.com/a.pdf", "signers[0][name]": "A", "signers[0][email_address]": "a@example.com" }),
      400,
      "files",
    );
    expectErrorAt(await api.form("PUT", `/signature_request/edit/${id}`, { "files[0]": pdf }), 400, "signers");
    const both = {
      "files[0]": pdf,
      "signers[0][name]": "A",
      "signers[0][email_address]": "a@example.com",
      "grouped_signers[0][group]": "g",
      "grouped_signers[0][signers][0][name]": "B",
      "grouped_signers[0][signers][0][email_address]": "b@example.com",
    };
    expectErrorAt(await api.form("PUT", `/signature_request/edit/${id}`, both), 400, "signers");
  });

  it("grouped_signers are accepted and flattened into signatures with their group", async () => {
    const { signature_request_id: id } = await api.seedRequest();
    const r = await api.form("PUT", `/signature_request/edit/${id}`, {
      "files[0]": pdf,
      test_mode: "1",
      grouped_signers: [
        {
          group: "Parents",
          signers: [
            { name: "M", email_address: "m@example.com" },
            { name: "D", email_address: "d@example.com" },
          ],
        },
      ],
    });
    expectStatus(r);
    assert.deepEqual(
      r.body.signature_request.signatures.map((s: { signer_group_guid: string }) => s.signer_group_guid),
      ["Parents", "Parents"],
    );
  });

  it("title/subject/message limits (400)", async () => {
    const { signature_request_id: id } = await api.seedRequest();
    expectErrorAt(await api.put(`/signature_request/edit/${id}`, { file_urls: ["https://example.com/a.pdf"], signers, title: "x".repeat(256) }), 400, "title");
    expectErrorAt(await api.put(`/signature_request/edit/${id}`, { file_urls: ["https://example.com/a.pdf"], signers, message: "x".repeat(5001) }), 400, "message");
  });

  it("is_eid: needs the add-on (403), one signer only and not in test_mode (400)", async () => {
    const { signature_request_id: id } = await api.seedRequest();
    const two = [...signers, { name: "B", email_address: "b@example.com" }];
    expectErrorAt(await api.form("PUT", `/signature_request/edit/${id}`, { "files[0]": pdf, signers: two, is_eid: "1" }), 400, "is_eid");
    expectErrorAt(await api.form("PUT", `/signature_request/edit/${id}`, { "files[0]": pdf, signers, is_eid: "1", test_mode: "1" }), 400, "is_eid");
    expectErrorAt(await api.form("PUT", `/signature_request/edit/${id}`, { "files[0]": pdf, signers, is_eid: "1" }), 403, "is_eid");
    const eid = await api.newAccount({ plan: "standard", eid: true });
    const own = await api.seedRequest({ account_id: eid.account_id });
    const ok = await api.as(eid.api_key).form("PUT", `/signature_request/edit/${own.signature_request_id}`, { "files[0]": pdf, signers, is_eid: "1" });
    expectStatus(ok);
  });

  it("allow_reassign only on Premium and above (403 otherwise)", async () => {
    const { signature_request_id: id } = await api.seedRequest();
    expectErrorAt(await api.form("PUT", `/signature_request/edit/${id}`, { "files[0]": pdf, signers, allow_reassign: "1" }), 403, "allow_reassign");
    const premium = await api.newAccount({ plan: "premium" });
    const own = await api.seedRequest({ account_id: premium.account_id });
    expectStatus(await api.as(premium.api_key).form("PUT", `/signature_request/edit/${own.signature_request_id}`, { "files[0]": pdf, signers, allow_reassign: "1" }));
  });

  it("production requests on a free plan are 402; someone else's request is 404", async () => {
    const free = await api.newAccount({ plan: "free" });
    const own = await api.seedRequest({ account_id: free.account_id });
    expectEnvelope(await api.as(free.api_key).form("PUT", `/signature_request/edit/${own.signature_request_id}`, { "files[0]": pdf, signers }), 402);
    expectStatus(await api.as(free.api_key).form("PUT", `/signature_request/edit/${own.signature_request_id}`, { "files[0]": pdf, signers, test_mode: "1" }));
    const { signature_request_id: mine } = await api.seedRequest();
    expectEnvelope(await api.as(free.api_key).get(`/signature_request/${mine}`), 404);
    expectEnvelope(await api.as(free.api_key).form("PUT", `/signature_request/edit/${mine}`, { "files[0]": pdf, signers }), 404);
  });

  it("expires_at: integer Unix time 1..90 days ahead (contract); once reached, unsigned signatures are expired on read", async () => {
    const { signature_request_id: id } = await api.seedRequest();
    expectErrorAt(await api.put(`/signature_request/edit/${id}`, { file_urls: ["https://example.com/a.pdf"], signers, expires_at: "tomorrow" }), 400, "expires_at");
    expectErrorAt(await api.put(`/signature_request/edit/${id}`, { file_urls: ["https://example.com/a.pdf"], signers, expires_at: inDays(200) }), 400, "expires_at");
    const when = inDays(5);
    const r = await api.form("PUT", `/signature_request/edit/${id}`, {
      "files[0]": pdf,
      signers: [...signers, { name: "B", email_address: "b@example.com" }],
      expires_at: String(when),
      test_mode: "1",
    });
    expectStatus(r);
    assert.equal(r.body.signature_request.expires_at, when);
    const sigs = r.body.signature_request.signatures;
    // One signer signs, then the expiry time is moved into the past (out of band).
    await api.patchRequest(id, { signed: [sigs[0].signature_id] });
    await api.patchRequest(id, { expires_at: Math.floor(Date.now() / 1000) - 5 });
    const got = await api.get(`/signature_request/${id}`);
    expectStatus(got);
    assert.deepEqual(
      got.body.signature_request.signatures.map((s: { status_code: string }) => s.status_code),
      ["signed", "expired"],
    );
    const ev = await api.ctl("GET", "/events?event_type=signature_request_expired");
    assert.equal(ev.body.events.filter((e: { json: { signature_request: { signature_request_id: string } } }) => e.json.signature_request.signature_request_id === id).length, 1);
  });

  it("adds a signature page when no form fields are given", async () => {
    const { signature_request_id: id } = await api.seedRequest();
    expectStatus(await api.form("PUT", `/signature_request/edit/${id}`, { "files[0]": pdf, signers, test_mode: "1" }));
    const state = api.svc.app.store.table<{ documents: { name: string; generated: boolean }[] }>("signature_requests").get(id)!;
    assert.deepEqual(
      state.documents.map((d) => d.generated),
      [false, true],
    );
    const file = await api.open((await api.get(`/signature_request/${id}`)).body.signature_request.files_url);
    assert.equal(file.status, 200);
    assert.equal(file.headers.get("content-type"), "application/pdf");
    const info = inspectPdf(file.data);
    assert.equal(info.pageCount, 2); // the document, then the signature page with one signature field per signer
    assert.deepEqual(
      info.annotations.map((a) => [a.kind, a.page, a.required]),
      [["signature", 1, true]],
    );
    const withFields = await api.form("PUT", `/signature_request/edit/${id}`, {
      "files[0]": pdf,
      signers,
      test_mode: "1",
      form_fields_per_document: [{ document_index: 0, api_id: "s1", type: "signature", x: 10, y: 10, width: 100, height: 30, required: true, signer: 0 }],
    });
    expectStatus(withFields);
    assert.deepEqual(
      api.svc.app.store
        .table<{ documents: { generated: boolean }[] }>("signature_requests")
        .get(id)!
        .documents.map((d) => d.generated),
      [false],
    );
  });

  it("events go to the app callback named by client_id, signed with the API key, with the metadata", async () => {
    const received: string[] = [];
    const server = http.createServer((req, res) => {
      let data = "";
      req.on("data", (d) => (data += d));
      req.on("end", () => {
        received.push(data);
        res.end("Hello API Event Received");
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cb`;
      const app = await api.post("/api_app", { name: "Cb", domains: ["example.com"], callback_url: url });
      expectStatus(app, 201);
      const { signature_request_id: id } = await api.seedRequest();
      const r = await api.form("PUT", `/signature_request/edit/${id}`, { "files[0]": pdf, signers, test_mode: "1", client_id: app.body.api_app.client_id, "metadata[order]": "7" });
      expectStatus(r);
      await api.patchRequest(id, { signed: "all" });
      for (let i = 0; i < 50 && received.length < 3; i++) await new Promise((res) => setTimeout(res, 20));
      const events = (await api.ctl("GET", "/events")).body.events.filter(
        (e: { json: { signature_request?: { signature_request_id: string } } }) => e.json.signature_request?.signature_request_id === id,
      );
      assert.deepEqual(
        events.map((e: { event_type: string }) => e.event_type),
        ["signature_request_sent", "signature_request_signed", "signature_request_all_signed"],
      );
      assert.ok(events.every((e: { callback_type: string; url: string }) => e.callback_type === "app_callback" && e.url === url));
      assert.ok(events.every((e: { json: { signature_request: { metadata: unknown } } }) => JSON.stringify(e.json.signature_request.metadata) === JSON.stringify({ order: "7" })));
      assert.equal(received.length, 3);
      assert.ok(received[0]!.includes('name="json"'));
      const got = await api.get(`/signature_request/${id}`);
      assert.equal(got.body.signature_request.is_complete, true);
    } finally {
      server.close();
    }
  });

  it("use_text_tags places fields from the documents' text tags; extraction errors are 400 unless ignored", async () => {
    const { signature_request_id: id } = await api.seedRequest();
    const tagged = pdfWithText([["Sign: [sig|req|signer1]", "Date: [date|req|signer1]"]]);
    const two = [...signers, { name: "B", email_address: "b@example.com" }];
    const r = await api.form("PUT", `/signature_request/edit/${id}`, { "files[0]": tagged, signers: two, use_text_tags: "1", test_mode: "1" });
    expectStatus(r);
    const stored = api.svc.app.store.table<{ form_fields_per_document: { type: string; signer: number }[]; documents: unknown[] }>("signature_requests").get(id)!;
    assert.deepEqual(
      stored.form_fields_per_document.map((f) => [f.type, f.signer]),
      [
        ["signature", 0],
        ["date_signed", 0],
      ],
    );
    assert.equal(stored.documents.length, 1); // fields come from the tags: no signature page
    const bad = pdfWithText([["[sig|req|signer3]", "[sig|perhaps|signer1]"]]);
    expectErrorAt(await api.form("PUT", `/signature_request/edit/${id}`, { "files[0]": bad, signers: two, use_text_tags: "1", test_mode: "1" }), 400, "use_text_tags");
    const ignored = await api.form("PUT", `/signature_request/edit/${id}`, { "files[0]": bad, signers: two, use_text_tags: "1", ignore_text_tags_extraction_errors: "1", test_mode: "1" });
    expectStatus(ignored);
    assert.equal(ignored.body.warnings.filter((w: { warning_name: string }) => w.warning_name === "text_tags_extraction").length, 2);
    const notPdf = await api.form("PUT", `/signature_request/edit/${id}`, { "files[0]": Buffer.from("plain text [sig|req|signer1]"), signers, use_text_tags: "1", test_mode: "1" });
    assert.ok(notPdf.body.warnings.some((w: { warning_name: string }) => w.warning_name === "non_pdf_text_tags"));
    expectErrorAt(await api.form("PUT", `/signature_request/edit/${id}`, { "files[0]": tagged, signers, use_text_tags: "1", use_preexisting_fields: "1" }), 400, "use_preexisting_fields");
    const pre = await api.form("PUT", `/signature_request/edit/${id}`, {
      "files[0]": makePdf({ pages: [{ fields: [{ name: "sig", type: "signature", rect: [1, 1, 90, 30] }] }] }),
      signers,
      use_preexisting_fields: "1",
      test_mode: "1",
    });
    expectStatus(pre);
    assert.deepEqual(
      api.svc.app.store
        .table<{ form_fields_per_document: { api_id: string }[] }>("signature_requests")
        .get(id)!
        .form_fields_per_document.map((f) => f.api_id),
      ["sig"],
    );
  });

  it("get and list with pagination (page_size limits from the contract)", async () => {
    const acct = await api.newAccount({ plan: "standard" });
    for (let i = 0; i < 5; i++) await api.seedRequest({ account_id: acct.account_id, title: `R${i}` });
    const p1 = await api.as(acct.api_key).get("/signature_request/list?page=1&page_size=2");
    expectStatus(p1);
    assert.deepEqual(p1.body.list_info, { page: 1, num_pages: 3, num_results: 5, page_size: 2 });
    assert.equal(p1.body.signature_requests.length, 2);
    const p3 = await api.as(acct.api_key).get("/signature_request/list?page=3&page_size=2");
    assert.equal(p3.body.signature_requests.length, 1);
    const q = await api.as(acct.api_key).get("/signature_request/list?query=R3");
    assert.deepEqual(
      q.body.signature_requests.map((s: { title: string }) => s.title),
      ["R3"],
    );
    expectErrorAt(await api.as(acct.api_key).get("/signature_request/list?page_size=101"), 400, "page_size");
    expectErrorAt(await api.as(acct.api_key).get("/signature_request/list?page=0"), 400, "page");
    expectErrorAt(await api.as(acct.api_key).get(`/signature_request/list?account_id=${api.svc.accountId}`), 403, "account_id");
    const one = p1.body.signature_requests[0];
    const got = await api.as(acct.api_key).get(`/signature_request/${one.signature_request_id}`);
    expectStatus(got);
    assert.equal(got.body.signature_request.title, one.title);
    expectEnvelope(await api.get("/signature_request/0000000000000000000000000000000000000000"), 404);
  });
});
