/**
 * Uploads travel as multipart: files[0], files[1], custom_logo_file, file; booleans as
 * "true"/"false"; other objects and arrays JSON-stringified. A real server parses the body,
 * and the contract's form coercion validates what it received with the same schema.
 */
import { strict as assert } from "node:assert";
import { EsignClient } from "../../provider/client";
import { validateRequest, type FileUpload } from "../../contract";
import { apiAppBody, formDataOf, startTestServer, type TestServer } from "./support/http-server";

const pdfA = { filename: "a.pdf", content: Buffer.from("%PDF-1.4 A\n%%EOF\n"), contentType: "application/pdf" };
const pdfB = { filename: "b.pdf", content: new Uint8Array(Buffer.from("%PDF-1.4 B\n%%EOF\n")) };

/** What a service would do: FormData -> plain object with FileUpload values, files[n] -> files array. */
async function unflatten(form: FormData): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) {
    const item: unknown = typeof value === "string" ? value : ({ filename: value.name, content: new Uint8Array(await value.arrayBuffer()), contentType: value.type } satisfies FileUpload);
    const indexed = /^(\w+)\[(\d+)\]$/.exec(key);
    if (indexed) ((body[indexed[1]] ??= []) as unknown[])[Number(indexed[2])] = item;
    else body[key] = item;
  }
  return body;
}

describe("client: multipart uploads", () => {
  let server: TestServer;
  let client: EsignClient;

  before(async () => {
    server = await startTestServer((request) => {
      if (request.path === "/v3/fax/send") return { status: 200, body: { fax: { fax_id: "f1", transmissions: [] } } };
      if (request.path.startsWith("/v3/api_app")) return { status: 200, body: apiAppBody() };
      if (request.path === "/v3/document/detect_fields") return { status: 200, body: { detection_result: { page_count: 1 }, warnings: [] } };
      return { status: 200, body: { template: { template_id: "t1" } } };
    });
    client = new EsignClient({ apiKey: "k-123456", baseUrl: server.baseUrl, requestsPerMinute: 0 });
  });
  after(() => server.close());
  beforeEach(() => server.requests.splice(0));

  it("sends files[0], files[1] and typed fields", async () => {
    await client.fax.send({ recipient: "+14155550100", files: [pdfA, pdfB], test_mode: true, title: "Hello" });
    const request = server.requests[0];
    assert.match(String(request.headers["content-type"]), /^multipart\/form-data; boundary=/);
    const form = await formDataOf(request);
    const first = form.get("files[0]") as File;
    const second = form.get("files[1]") as File;
    assert.equal(first.name, "a.pdf");
    assert.equal(first.type, "application/pdf");
    assert.equal(Buffer.from(await first.arrayBuffer()).toString(), pdfA.content.toString());
    assert.equal(second.name, "b.pdf");
    assert.equal(Buffer.from(await second.arrayBuffer()).toString(), "%PDF-1.4 B\n%%EOF\n");
    assert.equal(form.get("test_mode"), "true");
    assert.equal(form.get("recipient"), "+14155550100");
    assert.equal(form.get("title"), "Hello");
  });

  it("JSON-stringifies objects and arrays, and the service-side form validation accepts them", async () => {
    const body = {
      files: [pdfA],
      title: "NDA",
      signer_roles: [{ name: "Client", order: 0 }],
      form_fields_per_document: [{ document_index: 0, api_id: "sig1", type: "signature" as const, x: 10, y: 20, width: 100, height: 30, required: true, signer: 0, page: 1 }],
      metadata: { custom_id: 1234 },
      test_mode: false,
    };
    await client.template.create(body);
    const form = await formDataOf(server.requests[0]);
    assert.equal(form.get("signer_roles"), JSON.stringify(body.signer_roles));
    assert.equal(form.get("metadata"), '{"custom_id":1234}');
    assert.equal(form.get("test_mode"), "false");
    const received = await unflatten(form);
    const checked = validateRequest("template.create", { body: received }, { source: "form" });
    assert.ok(checked.ok, JSON.stringify(!checked.ok && checked.issues));
    assert.deepEqual(checked.value.body.signer_roles, body.signer_roles);
    assert.equal(checked.value.body.test_mode, false);
    assert.equal((checked.value.body.form_fields_per_document as { x: number }[])[0].x, 10);
    assert.equal(Buffer.from((checked.value.body.files as FileUpload[])[0].content).toString(), pdfA.content.toString());
  });

  it("sends custom_logo_file and file as single fields", async () => {
    await client.apiApp.update("0123456789abcdef0123456789abcdef", {
      custom_logo_file: { filename: "logo.png", content: Buffer.from([137, 80, 78, 71]), contentType: "image/png" },
      domains: ["a.com"],
    });
    const logoForm = await formDataOf(server.requests[0]);
    const logo = logoForm.get("custom_logo_file") as File;
    assert.equal(logo.name, "logo.png");
    assert.deepEqual([...new Uint8Array(await logo.arrayBuffer())], [137, 80, 78, 71]);
    assert.equal(logoForm.get("domains"), '["a.com"]');
    assert.equal(server.requests[0].method, "PUT");

    await client.document.detectFields({ file: pdfA, detection_mode: "annotations", page_range: "0,2-3" });
    const detectForm = await formDataOf(server.requests[1]);
    assert.equal((detectForm.get("file") as File).name, "a.pdf");
    assert.equal(detectForm.get("page_range"), "0,2-3");
  });

  it("sends JSON when no file is attached", async () => {
    await client.template.create({ file_urls: ["https://example.com/a.pdf"], signer_roles: [{ name: "S" }], form_fields_per_document: [] });
    const request = server.requests[0];
    assert.match(String(request.headers["content-type"]), /^application\/json/);
    assert.deepEqual(JSON.parse(request.body.toString()).file_urls, ["https://example.com/a.pdf"]);
  });
});
