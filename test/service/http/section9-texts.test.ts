/**
 * The error texts users quoted from the real service (evidence section 9, finding 11, S20): a method
 * the route does not take, an unknown client_id, an unknown signature. Statuses where the quote has none stay as before
 * (405 method_not_supported from SDK code; 404 where an app is looked up, 400 where a request names one).
 */
import * as assert from "node:assert/strict";
import type { RunningService } from "../../../service";
import { type Api, expectEnvelope, startForTest } from "../support/api";
import { pdf } from "../support/files";

describe("service: the error texts of evidence section 9", () => {
  let svc: RunningService;
  let api: Api;
  before(async () => ({ svc, api } = await startForTest()));
  after(() => svc.close());

  it('a method the route does not take: 405 method_not_supported "GET is not supported for this URI", Allow naming the way', async () => {
    const r = await api.get("/team/create");
    expectEnvelope(r, 405, "method_not_supported");
    assert.equal(r.body.error.error_msg, "GET is not supported for this URI");
    assert.equal(r.headers.get("allow"), "POST");
  });

  it('an unknown client_id: "App <client_id> does not exist" wherever an app is named', async () => {
    const unknown = "0".repeat(32);
    const get = await api.get(`/api_app/${unknown}`);
    expectEnvelope(get, 404, "not_found");
    assert.equal(get.body.error.error_msg, `App ${unknown} does not exist`);
    const draft = await api.form("POST", "/template/create_embedded_draft", { client_id: unknown, "files[0]": pdf(1), signer_roles: [{ name: "Client" }], test_mode: "1" });
    expectEnvelope(draft, 404, "not_found");
    assert.equal(draft.body.error.error_msg, `App ${unknown} does not exist`);
    const request = await api.form("POST", "/signature_request/send", { client_id: unknown, "files[0]": pdf(1), signers: [{ name: "J", email_address: "j@example.com" }], test_mode: "1" });
    expectEnvelope(request, 400, "bad_request");
    assert.equal(request.body.error.error_msg, `App ${unknown} does not exist`);
  });

  it('an unknown signature on embedded/sign_url: 400 bad_request "Signature not found" (not 404); a known one has its URL', async () => {
    const r = await api.get(`/embedded/sign_url/${"0".repeat(40)}`);
    assert.equal(r.status, 400);
    assert.deepEqual(r.body, { error: { error_msg: "Signature not found", error_name: "bad_request" } });
    const request = await api.seedRequest({});
    const signature = request.signatures[0].signature_id as string;
    const ok = await api.get(`/embedded/sign_url/${signature}`);
    assert.equal(ok.status, 200, ok.text);
    assert.match(ok.body.embedded.sign_url, new RegExp(`^https://app\\.hellosign\\.com/editor/embeddedSign\\?signature_id=${signature}&token=\\w+$`));
    assert.ok(ok.body.embedded.expires_at > Date.now() / 1000);
    const stranger = await api.newAccount();
    assert.equal((await stranger.api.get(`/embedded/sign_url/${signature}`)).body.error.error_msg, "Signature not found");
  });
});
