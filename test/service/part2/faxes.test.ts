/**
 * Contract tests over HTTP: POST /fax/send, GET /fax/{id}, GET /fax/list, DELETE /fax/{id}
 * (API key only). Transmissions go transmitting -> success (test_mode: success at once).
 */
import * as assert from "node:assert/strict";
import { inspectPdf, makePdf } from "../../helpers/pdf";
import { assertError, assertOk, fetchBinary, newAccount, startClient, type Client } from "./support";
import { startReceiver } from "../helpers/files";

const pdf = makePdf({ pages: [{ texts: [{ x: 72, y: 700, text: "Fax body" }] }, {}] });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("service part 2: faxes", () => {
  let c: Client;
  let line: string;
  // The service never downloads from its own address (docs/local-service.md): documents come from here.
  let docs: Awaited<ReturnType<typeof startReceiver>>;
  let docUrl: string;
  before(async () => {
    docs = await startReceiver();
    docUrl = docs.serve("document", Buffer.from("a document that is not a PDF"));
  });
  after(() => docs.close());
  before(async () => {
    c = await startClient();
    const codes = await c.call("GET", "/fax_line/area_codes?country=US");
    assertOk(codes);
    const r = await c.call("POST", "/fax_line/create", { area_code: codes.body.area_codes[0], country: "US" });
    assertOk(r);
    line = r.body.fax_line.number;
  });
  after(async () => { await c.close(); });

  it("sends to an E.164 number from an own fax line; transmitting then success", async () => {
    const r = await c.form("POST", "/fax/send", { recipient: "+14155550100", sender: line, "files[0]": pdf, title: "Invoice", cover_page_to: "Ann", cover_page_from: "Bob", cover_page_message: "Hi" });
    assertOk(r);
    const fax = r.body.fax;
    assert.match(fax.fax_id, /^[0-9a-f]{40}$/);
    assert.equal(fax.title, "Invoice");
    assert.equal(fax.sender, line);
    assert.equal(fax.transmissions[0].recipient, "+14155550100");
    assert.equal(fax.transmissions[0].status_code, "transmitting");
    await sleep(400);
    const got = await c.call("GET", `/fax/${fax.fax_id}`);
    assertOk(got);
    assert.equal(got.body.fax.transmissions[0].status_code, "success");
    assert.equal(typeof got.body.fax.transmissions[0].sent_at, "number");
    // files_url serves the fax as a PDF: cover page + the document's two pages.
    const file = await fetchBinary(c, fax.files_url);
    assert.equal(file.status, 200);
    const info = inspectPdf(file.data);
    assert.equal(info.pageCount, 3);
    assert.ok(info.text[0]!.text.includes("To: Ann"));
  });

  it("test_mode faxes to an e-mail address succeed at once; sender defaults to the caller", async () => {
    const r = await c.call("POST", "/fax/send", { recipient: "fax@example.com", file_urls: [docUrl], test_mode: true });
    assertOk(r);
    assert.equal(r.body.fax.transmissions[0].status_code, "success");
    assert.equal(r.body.fax.sender, "dev@example.com");
  });

  it("validates recipient, exactly one of files/file_urls, and the sender line", async () => {
    assertError(await c.form("POST", "/fax/send", { recipient: "4155550100", "files[0]": pdf }), 400, "recipient");
    assertError(await c.form("POST", "/fax/send", { "files[0]": pdf }), 400, "recipient");
    assertError(await c.call("POST", "/fax/send", { recipient: "+14155550100" }), 400, "files");
    assertError(await c.form("POST", "/fax/send", { recipient: "+14155550100", "files[0]": pdf, "file_urls[0]": "https://example.com/a.pdf" }), 400, "files");
    assertError(await c.form("POST", "/fax/send", { recipient: "+14155550100", "files[0]": pdf, sender: "+19999999999" }), 400, "sender");
    const other = await newAccount(c, { plan: "standard" });
    assertError(await c.form("POST", "/fax/send", { recipient: "+14155550100", "files[0]": pdf, sender: line }, other.api_key), 400, "sender");
  });

  it("lists own faxes with pagination, deletes with 204, then 404", async () => {
    const acct = await newAccount(c, { plan: "standard" });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await c.call("POST", "/fax/send", { recipient: "+14155550100", file_urls: [docUrl], test_mode: true, title: `F${i}` }, acct.api_key);
      ids.push(r.body.fax.fax_id);
    }
    const p = await c.call("GET", "/fax/list?page=2&page_size=2", undefined, acct.api_key);
    assertOk(p);
    assert.deepEqual(p.body.list_info, { page: 2, num_pages: 2, num_results: 3, page_size: 2 });
    assert.equal(p.body.faxes.length, 1);
    assertError(await c.call("GET", "/fax/list?page_size=0", undefined, acct.api_key), 400, "page_size");
    assertError(await c.call("GET", `/fax/${ids[0]}`), 404); // someone else's fax
    const del = await c.call("DELETE", `/fax/${ids[0]}`, undefined, acct.api_key);
    assert.equal(del.status, 204);
    assert.equal(del.text, "");
    assertError(await c.call("GET", `/fax/${ids[0]}`, undefined, acct.api_key), 404);
    assertError(await c.call("DELETE", `/fax/${ids[0]}`, undefined, acct.api_key), 404);
  });

  it("accepts only the API key (no OAuth bearer)", async () => {
    const r = await fetch(`${c.svc.baseUrl}/fax/list`, { headers: { Authorization: "Bearer sometoken" } });
    assert.ok(r.status === 401 || r.status === 403, String(r.status));
  });
});
