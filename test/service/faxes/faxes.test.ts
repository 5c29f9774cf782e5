/**
 * Contract tests over HTTP: POST /fax/send, GET /fax/{id}, GET /fax/list, DELETE /fax/{id}
 * (API key only). Transmissions go transmitting -> success (test_mode: success at once).
 */
import * as assert from "node:assert/strict";
import { inspectPdf, makePdf } from "../../support/pdf";
import { Api, expectEnvelope, expectErrorAt, expectStatus, startForTest } from "../support/api";
import { startReceiver, type Receiver } from "../support/files";

const pdf = makePdf({ pages: [{ texts: [{ x: 72, y: 700, text: "Fax body" }] }, {}] });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("service: faxes", () => {
  let api: Api;
  let files: Receiver;
  let docUrl: string;
  let line: string;
  before(async () => {
    ({ api } = await startForTest());
    files = await startReceiver();
    docUrl = files.serve("fax.pdf", pdf);
    const codes = await api.get("/fax_line/area_codes?country=US");
    expectStatus(codes);
    const r = await api.post("/fax_line/create", { area_code: codes.body.area_codes[0], country: "US" });
    expectStatus(r);
    line = r.body.fax_line.number;
  });
  after(async () => {
    await api.svc.close();
    await files.close();
  });

  it("sends to an E.164 number from an own fax line; transmitting then success", async () => {
    const r = await api.form("POST", "/fax/send", {
      recipient: "+14155550100",
      sender: line,
      "files[0]": pdf,
      title: "Invoice",
      cover_page_to: "Ann",
      cover_page_from: "Bob",
      cover_page_message: "Hi",
    });
    expectStatus(r);
    const fax = r.body.fax;
    assert.match(fax.fax_id, /^[0-9a-f]{40}$/);
    assert.equal(fax.title, "Invoice");
    assert.equal(fax.sender, line);
    assert.equal(fax.transmissions[0].recipient, "+14155550100");
    assert.equal(fax.transmissions[0].status_code, "transmitting");
    await sleep(400);
    const got = await api.get(`/fax/${fax.fax_id}`);
    expectStatus(got);
    assert.equal(got.body.fax.transmissions[0].status_code, "success");
    assert.equal(typeof got.body.fax.transmissions[0].sent_at, "number");
    // files_url serves the fax as a PDF: cover page + the document's two pages.
    const file = await api.open(fax.files_url);
    assert.equal(file.status, 200);
    const info = inspectPdf(file.data);
    assert.equal(info.pageCount, 3);
    assert.ok(info.text[0]!.text.includes("To: Ann"));
  });

  it("test_mode faxes to an e-mail address succeed at once; sender defaults to the caller", async () => {
    const r = await api.post("/fax/send", { recipient: "fax@example.com", file_urls: [docUrl], test_mode: true });
    expectStatus(r);
    assert.equal(r.body.fax.transmissions[0].status_code, "success");
    assert.equal(r.body.fax.sender, "dev@example.com");
  });

  it("validates recipient, exactly one of files/file_urls, and the sender line", async () => {
    expectErrorAt(await api.form("POST", "/fax/send", { recipient: "4155550100", "files[0]": pdf }), 400, "recipient");
    expectErrorAt(await api.form("POST", "/fax/send", { "files[0]": pdf }), 400, "recipient");
    expectErrorAt(await api.post("/fax/send", { recipient: "+14155550100" }), 400, "files");
    expectErrorAt(await api.form("POST", "/fax/send", { recipient: "+14155550100", "files[0]": pdf, "file_urls[0]": "https://example.com/a.pdf" }), 400, "files");
    expectErrorAt(await api.form("POST", "/fax/send", { recipient: "+14155550100", "files[0]": pdf, sender: "+19999999999" }), 400, "sender");
    const other = await api.newAccount({ plan: "standard" });
    expectErrorAt(await api.as(other.api_key).form("POST", "/fax/send", { recipient: "+14155550100", "files[0]": pdf, sender: line }), 400, "sender");
  });

  it("lists own faxes with pagination, deletes with 204, then 404", async () => {
    const acct = await api.newAccount({ plan: "standard" });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await api.as(acct.api_key).post("/fax/send", { recipient: "+14155550100", file_urls: [docUrl], test_mode: true, title: `F${i}` });
      ids.push(r.body.fax.fax_id);
    }
    const p = await api.as(acct.api_key).get("/fax/list?page=2&page_size=2");
    expectStatus(p);
    assert.deepEqual(p.body.list_info, { page: 2, num_pages: 2, num_results: 3, page_size: 2 });
    assert.equal(p.body.faxes.length, 1);
    expectErrorAt(await api.as(acct.api_key).get("/fax/list?page_size=0"), 400, "page_size");
    expectEnvelope(await api.get(`/fax/${ids[0]}`), 404); // someone else's fax
    const del = await api.as(acct.api_key).del(`/fax/${ids[0]}`);
    assert.equal(del.status, 204);
    assert.equal(del.text, "");
    expectEnvelope(await api.as(acct.api_key).get(`/fax/${ids[0]}`), 404);
    expectEnvelope(await api.as(acct.api_key).del(`/fax/${ids[0]}`), 404);
  });

  it("accepts only the API key (no OAuth bearer)", async () => {
    const r = await fetch(`${api.svc.baseUrl}/fax/list`, { headers: { Authorization: "Bearer sometoken" } });
    assert.ok(r.status === 401 || r.status === 403, String(r.status));
  });
});
