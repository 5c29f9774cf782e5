/**
 * Unknown body parameters are refused as the real service refuses them (evidence section 9,
 * finding 3, S20: `{"error":{"error_msg":"Invalid parameter: custom_fields","error_name":"bad_request"}}`,
 * 400), in JSON, urlencoded and multipart bodies; keys inside objects the description leaves
 * open stay kept but bounded; metadata stays free-form; query parameters are not checked (D126).
 */
import * as assert from "node:assert/strict";
import type { RunningService } from "../../../service";
import { type Api, expectEnvelope, expectStatus, startForTest } from "../support/api";
import { pdf } from "../support/files";

describe("service: unknown body parameters", () => {
  let svc: RunningService;
  let api: Api;
  before(async () => ({ svc, api } = await startForTest({ plan: "premium" })));
  after(() => svc.close());

  /** A multipart signature request in bracket notation, with one more field. */
  const sendWith = (name: string, value: string) => {
    const form = new FormData();
    form.append("signers[0][name]", "Jack");
    form.append("signers[0][email_address]", "jack@example.com");
    form.append("files[0]", new Blob([pdf(1)]), "a.pdf");
    form.append("test_mode", "1");
    form.append(name, value);
    return api.req("POST", "/signature_request/send", { form });
  };

  it("refuses a top-level key with the recorded body (no error_path), before any change", async () => {
    const r = await api.post("/api_app", { name: "strict-1", domains: ["s.com"], custom_fields: "x" });
    assert.equal(r.status, 400);
    assert.deepEqual(r.body, { error: { error_msg: "Invalid parameter: custom_fields", error_name: "bad_request" } });
    const list = await api.get("/api_app/list");
    assert.ok(!list.body.api_apps.some((a: { name: string }) => a.name === "strict-1"), "nothing was made");
  });

  it("refuses it in a urlencoded and in a multipart body (bracket names unflattened first)", async () => {
    const urlencoded = await api.req("POST", "/api_app", { urlencoded: "name=strict-2&domains[]=s.com&email_addres=a@b.com" });
    expectEnvelope(urlencoded, 400, "bad_request");
    assert.equal(urlencoded.body.error.error_msg, "Invalid parameter: email_addres");
    const multipart = await sendWith("file_url", "https://example.com/a.pdf");
    expectEnvelope(multipart, 400, "bad_request");
    assert.equal(multipart.body.error.error_msg, "Invalid parameter: file_url");
  });

  it("refuses an unknown key inside options, oauth and white_labeling_options, naming the key and its path", async () => {
    for (const [body, name, path] of [
      [{ options: { can_insert_everywhere: true, junk: 1 } }, "junk", "options.junk"],
      [{ white_labeling_options: { page_background_color: "#FFFFFF", header_colour: "#000000" } }, "header_colour", "white_labeling_options.header_colour"],
      [{ oauth: { callback_url: "https://s.com/cb", scopes: ["basic_account_info"], secret: "x" } }, "secret", "oauth.secret"],
    ] as const) {
      const r = await api.post("/api_app", { name: `strict-${name}`, domains: ["s.com"], ...body });
      expectEnvelope(r, 400, "bad_request");
      assert.equal(r.body.error.error_msg, `Invalid parameter: ${name}`);
      assert.equal(r.body.error.error_path, path);
    }
  });

  it("refuses any body key on an operation that takes none", async () => {
    const r = await api.del("/team/destroy", { force: true });
    expectEnvelope(r, 400, "bad_request");
    assert.equal(r.body.error.error_msg, "Invalid parameter: force");
  });

  it("keeps free-form metadata and takes known keys in every encoding", async () => {
    const app = await api.post("/api_app", { name: "strict-ok", domains: ["s.com"], options: { can_insert_everywhere: true } });
    expectStatus(app, 201);
    const sent = await sendWith("metadata[anything_at_all]", "kept");
    expectStatus(sent, 200);
    assert.equal(sent.body.signature_request.metadata.anything_at_all, "kept");
  });

  it("does not judge query parameters (nothing recorded for them)", async () => {
    expectStatus(await api.get("/api_app/list", { query: { page: 1, utm_source: "x" } }), 200);
  });
});
