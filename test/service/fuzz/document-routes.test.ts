/**
 * Fuzzing the document routes (signature requests, drafts, faxes, detection, reports) over
 * HTTP: random JSON and multipart bodies, odd ids, query strings and corrupted PDFs. Every
 * answer must be < 500, and every error the API envelope.
 */
import * as assert from "node:assert/strict";
import { makePdf } from "../../support/pdf";
import { Api, startForTest, type Res } from "../support/api";
import { startReceiver, type Receiver } from "../support/files";

let seed = 7;
const rnd = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
const pick = <T>(xs: T[]): T => xs[rnd(xs.length)]!;

const good = makePdf({ pages: [{ texts: [{ x: 72, y: 700, text: "[sig|req|signer1]" }], fields: [{ name: "f", type: "text", rect: [1, 2, 30, 40] }] }] });

function corrupt(buf: Buffer): Buffer {
  const b = Buffer.from(buf.subarray(0, 1 + rnd(buf.length)));
  for (let i = 0; i < rnd(10); i++) b[rnd(b.length)] = rnd(256);
  return b;
}

function value(depth = 0): unknown {
  switch (rnd(depth > 2 ? 6 : 9)) {
    case 0:
      return "";
    case 1:
      return pick([
        "x",
        "all",
        "0-",
        "1,2",
        "+14155550100",
        "a@example.com",
        "request_signature",
        "send_document",
        "annotations",
        "text_tags",
        "01/01/2024",
        "0-99999999999999999999",
        "\u0000",
        "𝔘",
        "x".repeat(6000),
      ]);
    case 2:
      return rnd(2) === 0 ? -rnd(1e9) : rnd(1e12);
    case 3:
      return rnd(2) === 0;
    case 4:
      return null;
    case 5:
      return 1.5;
    case 6:
      return Array.from({ length: rnd(4) }, () => value(depth + 1));
    case 7:
      return Object.fromEntries(Array.from({ length: rnd(5) }, () => [pick(KEYS), value(depth + 1)]));
    default:
      return { name: "A", email_address: "a@example.com", role: "Client" };
  }
}

const KEYS = [
  "files",
  "file_urls",
  "file",
  "file_url",
  "signers",
  "grouped_signers",
  "title",
  "subject",
  "message",
  "metadata",
  "test_mode",
  "is_eid",
  "allow_reassign",
  "expires_at",
  "type",
  "client_id",
  "requester_email_address",
  "template_ids",
  "ccs",
  "custom_fields",
  "preview_only",
  "recipient",
  "sender",
  "cover_page_to",
  "start_date",
  "end_date",
  "report_type",
  "detection_mode",
  "page_range",
  "form_fields_per_document",
  "__proto__",
  "constructor",
];

const seen = new Map<number, number>();

function assertSane(res: Res, what: string): void {
  seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
  assert.ok(res.status < 500, `${what} -> ${res.status} ${res.text.slice(0, 300)}`);
  if (res.status >= 400) {
    assert.equal(typeof res.body?.error?.error_msg, "string", `${what}: ${res.text.slice(0, 300)}`);
    assert.equal(typeof res.body?.error?.error_name, "string", `${what}: ${res.text.slice(0, 300)}`);
  }
}

describe("service: fuzzing the routes (never a 500, always the envelope)", function () {
  this.timeout(120_000);
  let api: Api;
  let files: Receiver;
  let docUrl: string;
  let paths: [string, string][];
  before(async () => {
    ({ api } = await startForTest());
    files = await startReceiver();
    docUrl = files.serve("good.pdf", good);
    const sr = await api.seedRequest();
    await api.newApp();
    const id = sr.signature_request_id as string;
    paths = [
      ["PUT", `/signature_request/edit/${id}`],
      ["PUT", "/signature_request/edit/zz"],
      ["GET", `/signature_request/${id}`],
      ["GET", "/signature_request/list"],
      ["POST", "/unclaimed_draft/create"],
      ["POST", "/unclaimed_draft/create_embedded"],
      ["POST", "/unclaimed_draft/create_embedded_with_template"],
      ["POST", `/unclaimed_draft/edit_and_resend/${id}`],
      ["GET", "/unclaimed_draft/claim/abc"],
      ["POST", "/fax/send"],
      ["GET", "/fax/list"],
      ["GET", "/fax/abc"],
      ["DELETE", "/fax/abc"],
      ["GET", "/fax/files/abc"],
      ["POST", "/signature_request/send"],
      ["GET", `/signature_request/files/${id}`],
      ["POST", "/report/create"],
      ["GET", "/report/files/x.csv"],
      ["POST", "/document/detect_fields"],
    ];
  });
  after(async () => {
    await api.svc.close();
    await files.close();
  });
  // The fuzz must reach the handlers, not only the validator: some calls succeed.
  after(() => assert.ok((seen.get(200) ?? 0) > 0, `no successful call: ${JSON.stringify([...seen])}`));

  it("random JSON bodies and query strings", async () => {
    for (let i = 0; i < 400; i++) {
      const [method, path] = pick(paths);
      const body = Object.fromEntries(Array.from({ length: rnd(6) }, () => [pick(KEYS), value()]));
      const q = rnd(3) === 0 ? `?page=${pick(["0", "1", "-1", "x", "1e9"])}&page_size=${pick(["0", "20", "101", "", "a"])}&account_id=${pick(["all", "x", ""])}` : "";
      const res = method === "GET" || method === "DELETE" ? await api.req(method, path + q) : await api.req(method, path + q, { json: body });
      assertSane(res, `${method} ${path}${q} ${JSON.stringify(body).slice(0, 200)}`);
    }
  });

  it("random multipart bodies with corrupted PDFs", async () => {
    for (let i = 0; i < 250; i++) {
      const [method, path] = pick(paths.filter(([m]) => m !== "GET" && m !== "DELETE"));
      const fields: Record<string, unknown> = {};
      for (let k = 0; k < rnd(6); k++) {
        const v = value();
        fields[pick(KEYS)] = typeof v === "string" ? v : JSON.stringify(v);
      }
      fields[pick(["file", "files[0]", "files"])] = rnd(4) === 0 ? good : corrupt(good);
      fields.detection_mode = pick(["annotations", "text_tags", "x"]);
      const res = await api.form(method, path, fields);
      assertSane(res, `${method} ${path} multipart`);
    }
  });

  it("one-field mutations of valid requests (reaches the handlers)", async () => {
    const clientId = await api.newApp();
    const sr = await api.seedRequest();
    const today = new Date();
    const date = `${String(today.getUTCMonth() + 1).padStart(2, "0")}/${String(today.getUTCDate()).padStart(2, "0")}/${today.getUTCFullYear()}`;
    const valid: [string, string, Record<string, unknown>][] = [
      ["PUT", `/signature_request/edit/${sr.signature_request_id}`, { file_urls: [docUrl], signers: [{ name: "A", email_address: "a@example.com" }], test_mode: true, metadata: { a: 1 } }],
      ["POST", "/unclaimed_draft/create", { file_urls: [docUrl], type: "request_signature", signers: [{ name: "A", email_address: "a@example.com" }] }],
      ["POST", "/unclaimed_draft/create_embedded", { file_urls: [docUrl], client_id: clientId, requester_email_address: "r@example.com" }],
      ["POST", "/fax/send", { file_urls: [docUrl], recipient: "+14155550100", test_mode: true }],
      ["POST", "/signature_request/send", { file_urls: [docUrl], signers: [{ name: "A", email_address: "a@example.com" }], test_mode: true }],
      ["POST", "/report/create", { start_date: date, end_date: date, report_type: ["user_activity"] }],
      ["POST", "/document/detect_fields", { file_url: docUrl, detection_mode: "text_tags", page_range: "0" }],
    ];
    for (let i = 0; i < 300; i++) {
      const [method, path, body] = pick(valid);
      const mutated: Record<string, unknown> = { ...body };
      const key = pick([...Object.keys(body), pick(KEYS)]);
      if (rnd(3) === 0) delete mutated[key];
      else mutated[key] = value();
      assertSane(await api.req(method, path, { json: rnd(5) === 0 ? body : mutated }), `${method} ${path} ${JSON.stringify(mutated).slice(0, 300)}`);
    }
  });

  it("raw garbage bodies and content types", async () => {
    for (let i = 0; i < 60; i++) {
      const [method, path] = pick(paths.filter(([m]) => m !== "GET"));
      const type = pick(["application/json", "multipart/form-data; boundary=xyz", "multipart/form-data", "application/x-www-form-urlencoded", "text/plain", ""]);
      const raw = corrupt(Buffer.concat([Buffer.from('--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n'), good, Buffer.from("\r\n--xyz--\r\n")]));
      assertSane(await api.req(method, path, { raw, ...(type ? { contentType: type } : {}) }), `${method} ${path} ${type}`);
    }
  });
});
