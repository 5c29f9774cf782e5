/**
 * The service refuses inputs that can never work with a 400 error envelope naming the field
 * (never a 500), and stores nothing (D64): the contract's format rules, as
 * the provider's check and the client apply them.
 */
import assert from "node:assert/strict";
import { Api, expectErrorAt, expectStatus, startForTest } from "../support/api";
import type { RunningService } from "../../../service";

describe("service: input formats", () => {
  let svc: RunningService;
  let api: Api;
  before(async () => ({ svc, api } = await startForTest({ plan: "premium" })));
  after(() => svc.close());

  const appCount = async () => (await api.get("/api_app/list", { query: { page_size: 100 } })).body.list_info.num_results as number;
  const lineCount = async () => (await api.get("/fax_line/list", { query: { page_size: 100 } })).body.list_info.num_results as number;

  it("api_app.create: a domain that is not a host name, a non-http callback: 400 at the field, nothing stored", async () => {
    const before = await appCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ domains: ["not a domain!"] }, "domains.0"],
      [{ domains: ["example.com", "https://example.com/app"] }, "domains.1"],
      [{ domains: ["example.com:8443"] }, "domains.0"],
      [{ callback_url: "mailto:ops@example.com" }, "callback_url"],
      [{ oauth: { callback_url: "ftp://example.com/oauth", scopes: ["basic_account_info"] } }, "oauth.callback_url"],
    ];
    for (const [body, path] of cases) {
      const r = await api.post("/api_app", { name: "App", domains: ["example.com"], ...body });
      expectErrorAt(r, 400, path);
      assert.equal(r.body.error.error_name, "bad_request");
    }
    // The same in the API's form encoding.
    expectErrorAt(await api.req("POST", "/api_app", { urlencoded: "name=a&domains[]=not%20a%20domain" }), 400, "domains.0");
    assert.equal(await appCount(), before);
    expectStatus(await api.post("/api_app", { name: "Ok", domains: ["Portal.Example.com", "*.example.org", "localhost"], callback_url: "http://127.0.0.1:9/cb" }), 201);
  });

  it("api_app.update: a bad domain changes nothing", async () => {
    const created = await api.post("/api_app", { name: "Kept", domains: ["kept.example.com"] });
    const id = created.body.api_app.client_id as string;
    expectErrorAt(await api.put(`/api_app/${id}`, { name: "Changed", domains: ["kept.example.com", "no spaces allowed"] }), 400, "domains.1");
    const after = await api.get(`/api_app/${id}`);
    assert.equal(after.body.api_app.name, "Kept");
    assert.deepEqual(after.body.api_app.domains, ["kept.example.com"]);
  });

  it("a signer's pin outside 4 to 12 characters is a 400 at the signer's pin", async () => {
    // Checked before the request is looked up, so no signature request is needed.
    const r = await api.put("/signature_request/edit/0123456789abcdef0123456789abcdef01234567", {
      file_urls: ["https://example.com/a.pdf"],
      signers: [{ name: "Ann", email_address: "ann@example.com", pin: "123" }],
    });
    expectErrorAt(r, 400, "signers.0.pin");
    assert.match(r.body.error.error_msg, /4 to 12 characters/);
  });

  it("fax_line.create: an area code without the country's digits is a 400 at area_code, nothing bought", async () => {
    const before = await lineCount();
    for (const body of [
      { country: "US", area_code: 41 },
      { country: "CA", area_code: 1416 },
      { country: "UK", area_code: 123456 },
    ]) {
      const r = await api.post("/fax_line/create", body);
      expectErrorAt(r, 400, "area_code");
      assert.match(r.body.error.error_msg, /area code is/);
    }
    assert.equal(await lineCount(), before);
  });
});
