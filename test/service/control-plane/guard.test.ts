/**
 * The control plane's door: only a loopback Host, JSON for changes,
 * no web-page origins, and the service never sends a callback or a file download to itself.
 */
import assert from "node:assert/strict";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import type { RunningService } from "../../../service";
import { Api, expectEnvelope, expectStatus, startForTest, waitFor } from "../support/api";
import { pdf, startReceiver } from "../support/files";

const FIELDS = [{ document_index: 0, api_id: "f1", name: "Name", type: "text", x: 10, y: 10, width: 120, height: 20, required: true, signer: 0, page: 1 }];
const ROLES = [{ name: "Client", order: 0 }];

describe("service: control plane", function () {
  this.timeout(30_000);
  let svc: RunningService;
  let api: Api;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  before(async () => {
    ({ svc, api } = await startForTest({ plan: "premium" }));
    receiver = await startReceiver();
  });
  after(async () => {
    await svc.close();
    await receiver.close();
  });

  it("answers only a loopback Host (DNS rebinding)", async () => {
    for (const host of [`evil.example:${svc.port}`, "evil.example", `127.0.0.1.nip.io:${svc.port}`]) {
      const r = await api.req("GET", "/_local/accounts", { key: null, headers: { Host: host } });
      expectEnvelope(r, 403, "forbidden");
      assert.match(r.body.error.error_msg, /loopback Host/);
      assert.ok(!r.text.includes(svc.apiKey), "no key leaks");
    }
    for (const host of [`127.0.0.1:${svc.port}`, `localhost:${svc.port}`, `[::1]:${svc.port}`, "localhost"]) {
      expectStatus(await api.req("GET", "/_local/accounts", { key: null, headers: { Host: host } }), 200);
    }
  });

  it("refuses changes a plain HTML form or a web page could send (CSRF)", async () => {
    const app = await api.post("/api_app", { name: "kept", domains: ["kept.com"] });
    expectStatus(app, 201);
    const attempts = [
      () => api.req("POST", "/_local/reset", { urlencoded: "x=1", key: null }),
      () => api.req("POST", "/_local/reset", { raw: "x=1", contentType: "text/plain", key: null }),
      () => {
        const form = new FormData();
        form.set("email_address", "csrf@example.com");
        return api.req("POST", "/_local/accounts", { form, key: null });
      },
      () => api.req("POST", "/_local/accounts", { urlencoded: "email_address=csrf%40example.com", key: null }),
      () => api.req("POST", "/_local/reset", { key: null, headers: { Origin: "http://evil.example" } }),
      () => api.req("POST", "/_local/reset", { key: null, headers: { "Sec-Fetch-Site": "cross-site" } }),
    ];
    for (const send of attempts) {
      const r = await send();
      assert.ok(r.status === 403 || r.status === 415, `${r.status} ${r.text}`);
      assert.ok(r.body?.error?.error_msg, r.text);
    }
    expectStatus(await api.get(`/api_app/${app.body.api_app.client_id}`), 200);
    assert.ok(!(await api.ctl("GET", "/accounts")).body.accounts.some((a: { email_address: string }) => a.email_address === "csrf@example.com"));
    // A JSON change from loopback (a script, a test) still works, and a bodiless one from a local tool.
    expectStatus(await api.ctl("POST", "/accounts", { email_address: "ok@example.com" }), 201);
    expectStatus(await api.ctl("DELETE", "/outbox"), 200);
  });

  it("a callback_url at the service's own control plane is never posted to; nothing is wiped", async () => {
    expectStatus(await api.put("/account", { callback_url: `http://127.0.0.1:${svc.port}/_local/reset` }), 200);
    const url = receiver.serve("cb.pdf", pdf(1));
    const t = await api.post("/template/create", { file_urls: [url], signer_roles: ROLES, form_fields_per_document: FIELDS });
    expectStatus(t, 200);
    const ev = await waitFor(
      async () => {
        const events = (await api.ctl("GET", "/events")).body.events as { state: string; attempts: { error: string | null }[]; json: { template?: { template_id: string } } }[];
        return events.find((e) => e.json.template?.template_id === t.body.template.template_id && e.state === "failed");
      },
      10_000,
      "the callback to fail",
    );
    assert.match(ev.attempts[0].error ?? "", /own address/);
    expectStatus(await api.get(`/template/${t.body.template.template_id}`), 200);
    expectStatus(await api.put("/account", { callback_url: "" }), 200);
  });

  it("file_urls at the service's own address are refused with a clear error, also through a redirect", async () => {
    const own = [`http://127.0.0.1:${svc.port}/_local/accounts`, `http://localhost:${svc.port}/_local/state`, `http://[::1]:${svc.port}/v3/account`];
    const redirector = http.createServer((_req, res) => {
      res.writeHead(302, { Location: `http://127.0.0.1:${svc.port}/_local/accounts` });
      res.end();
    });
    await new Promise<void>((r) => redirector.listen(0, "127.0.0.1", r));
    own.push(`http://127.0.0.1:${(redirector.address() as AddressInfo).port}/doc.pdf`);
    try {
      for (const u of own) {
        const r = await api.post("/template/create", { file_urls: [u], signer_roles: ROLES, form_fields_per_document: FIELDS });
        expectEnvelope(r, 400, "bad_request");
        assert.equal(r.body.error.error_path, "file_urls.0");
        assert.match(r.body.error.error_msg, /own address/);
      }
    } finally {
      redirector.close();
    }
    // Other loopback ports are still fine (a local file server in a test).
    const ok = await api.post("/template/create", { file_urls: [receiver.serve("ok.pdf", pdf(1))], signer_roles: ROLES, form_fields_per_document: FIELDS });
    expectStatus(ok, 200);
  });
});
