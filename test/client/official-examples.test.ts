/**
 * The client against the official description's examples (../shared/reference, SOURCE.md):
 * every example response of its operations parses with its response schemas; every example
 * request passes its pre-flight and goes out (to a server answering the official example
 * response); and the two requests the client used to refuse, end to end with the local service.
 */
import { strict as assert } from "node:assert";
import { EsignClient, type EsignClientOptions } from "../../provider/client";
import { errorEnvelopeSchema, operation, operations, operationIds, responseEnvelope, validate, type OperationId } from "../../contract";
import { startService, type RunningService } from "../../service";
import { specOrSkip, type OfficialSpec } from "../support/openapi";
import { makePdf } from "../support/pdf";
import { waitFor } from "../service/support/api";
import { startReceiver } from "../service/support/files";
import { startTestServer } from "./support/http-server";

const quick: EsignClientOptions = { apiKey: "k", requestsPerMinute: 0, highTierRequestsPerMinute: 0, retry: { retries: 0 } };
const anId = "fa5c8a0b0f492d768749333ad6fcc214c111e967";
const pdf = makePdf({ pages: [{ texts: [{ x: 72, y: 700, text: "Agreement" }] }] });

/** The operations of the contract the spec describes, with their method and path. */
function described(spec: OfficialSpec): OperationId[] {
  return operationIds.filter((id) => spec.operation(operations[id].method, operations[id].path));
}

/** An official request example as the client takes it: a file named by a string becomes an upload. */
function asClientBody(id: OperationId, example: Record<string, unknown>): Record<string, unknown> {
  const body = { ...example };
  for (const [field, kind] of Object.entries(operation(id).uploads ?? {})) {
    const named = body[field];
    const upload = (name: unknown) => ({ filename: String(name), content: pdf, contentType: "application/pdf" });
    if (typeof named === "string") body[field] = kind === "many" ? [upload(named)] : upload(named);
    else if (Array.isArray(named)) body[field] = named.map(upload);
  }
  return body;
}

describe("client: the official description's examples", () => {
  it("the response schemas accept every official example response of the client's operations", function () {
    const spec = specOrSkip(this);
    const failures: string[] = [];
    let checked = 0;
    for (const id of described(spec)) {
      const envelope = responseEnvelope(id);
      for (const { name, value } of spec.exampleResponses(operations[id].method, operations[id].path)) {
        checked += 1;
        const result = envelope ? validate(envelope, value) : { ok: true as const };
        if (!result.ok) failures.push(`${id} ${name}: ${JSON.stringify(result.issues)}`);
      }
    }
    assert.deepEqual(failures, []);
    assert.ok(checked >= 40, `only ${checked} example responses found`);
  });

  it("the error envelope accepts every official error example of the client's operations", function () {
    const spec = specOrSkip(this);
    const errors = new Map<string, unknown>();
    for (const id of described(spec)) {
      for (const { name, value } of spec.exampleResponses(operations[id].method, operations[id].path, /^4/)) errors.set(name, value);
    }
    assert.ok(errors.size >= 8, `only ${errors.size} error examples found`);
    for (const [name, value] of errors) assert.ok(validate(errorEnvelopeSchema, value).ok, `${name}: ${JSON.stringify(value)}`);
  });

  it("sends every official example request and parses the official example response", async function () {
    const spec = specOrSkip(this);
    let answer: { status: number; body?: unknown } = { status: 200 };
    const server = await startTestServer(() => answer);
    const client = new EsignClient({ ...quick, baseUrl: server.baseUrl });
    const failures: string[] = [];
    let sent = 0;
    try {
      for (const id of described(spec)) {
        const row = operations[id];
        const requests = spec.exampleRequests(row.method, row.path);
        const response = spec.exampleResponses(row.method, row.path)[0];
        answer = { status: row.successStatus[0], body: response?.value };
        const params = Object.fromEntries([...row.path.matchAll(/\{(\w+)\}/g)].map((match) => [match[1], anId]));
        for (const { name, value } of requests) {
          sent += 1;
          await client.request(id, { params, body: asClientBody(id, value as Record<string, unknown>) }).catch((error: Error) => failures.push(`${id} ${name}: ${error.message}`));
        }
      }
    } finally {
      await server.close();
    }
    assert.deepEqual(failures, []);
    assert.equal(server.requests.length, sent);
    assert.ok(sent >= 30, `only ${sent} example requests found`);
  });
});

describe("client: requests the spec allows, end to end with the local service", () => {
  let svc: RunningService;
  let client: EsignClient;
  before(async () => {
    svc = await startService({ port: 0, plan: "enterprise", templateProcessingMs: 1 });
    client = new EsignClient({ ...quick, apiKey: svc.apiKey, baseUrl: svc.baseUrl });
  });
  after(() => svc.close());

  it("unclaimed_draft.create_embedded_with_template needs no files: the templates bring the documents", async () => {
    const app = await client.apiApp.create({ name: "Portal", domains: ["portal.example.com"] });
    const template = await client.template.create({
      files: [{ filename: "nda.pdf", content: pdf, contentType: "application/pdf" }],
      signer_roles: [{ name: "Client" }],
      cc_roles: ["Accounting"],
      form_fields_per_document: [{ document_index: 0, api_id: "s1", type: "signature", x: 10, y: 10, width: 100, height: 30, required: true, signer: "Client" }],
    });
    await waitFor(
      () =>
        client.template.filesAsFileUrl(template.template_id).then(
          () => true,
          () => false,
        ),
      5000,
      "template processed",
    );
    // The official example's fields, with this service's ids: client_id, requester_email_address and template_ids only required.
    const draft = await client.unclaimedDraft.createEmbeddedWithTemplate({
      client_id: app.client_id,
      template_ids: [template.template_id],
      requester_email_address: "jack@example.com",
      signers: [{ role: "Client", name: "George", email_address: "george@example.com" }],
      ccs: [{ role: "Accounting", email_address: "accounting@example.com" }],
      test_mode: false,
    });
    assert.match(draft.claim_url, /^http/);
    assert.match(draft.signature_request_id ?? "", /^[0-9a-f]{40}$/);
  });

  it('fax.send takes the official FaxSendRequest example: recipient without +, test_mode "true"', async function () {
    const spec = specOrSkip(this);
    const example = spec.example("FaxSendRequest") as Record<string, unknown>;
    assert.equal(example.test_mode, "true");
    const [areaCode] = await client.faxLine.areaCodes({ country: "US" });
    const line = await client.faxLine.create({ country: "US", area_code: areaCode });
    const files = await startReceiver();
    try {
      const fax = await client.fax.send({
        ...example,
        sender: line.number.slice(1), // the example's form: digits without "+"
        file_urls: [files.serve("nda.pdf", pdf)],
      } as unknown as Parameters<typeof client.fax.send>[0]);
      assert.equal(fax.transmissions?.[0]?.recipient, example.recipient);
      assert.equal(fax.transmissions?.[0]?.status_code, "success", "test_mode faxes succeed at once");
      assert.equal(fax.sender, line.number);
      assert.equal(fax.title, example.title);
    } finally {
      await files.close();
    }
  });
});
