/**
 * Templates over HTTP: asynchronous creation with callbacks, files vs file_urls, contract
 * limits, access (add_user / remove_user), update_files (new template, page count and
 * orientation checks, quota), update, embedded drafts and edit URLs, list and delete.
 */
import assert from "node:assert/strict";
import { Api, expectEnvelope, expectStatus, startForTest, waitFor } from "../support/api";
import { LANDSCAPE, pdf, startReceiver, templateForm } from "../support/files";
import { eventHash } from "../../../service/events/dispatcher";
import { MESSAGE_MAX_LENGTH, SUBJECT_SHORT_MAX_LENGTH } from "../../../contract";
import type { RunningService } from "../../../service";

const FIELDS = [{ document_index: 0, api_id: "f1", name: "Name", type: "text", x: 10, y: 10, width: 120, height: 20, required: true, signer: 0, page: 1 }];
const ROLES = [{ name: "Client", order: 0 }];

describe("service: templates", () => {
  let svc: RunningService;
  let api: Api;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  before(async () => {
    ({ svc, api } = await startForTest({ plan: "premium", templateProcessingMs: 150, responseDialect: "sdk-2025" /* serves the hidden update route too (D123) */ }));
    receiver = await startReceiver();
    expectStatus(await api.put("/account", { callback_url: `${receiver.url}/account-cb` }), 200);
  });
  after(async () => {
    await svc.close();
    await receiver.close();
  });

  const create = (files = [pdf(1)], fields: Record<string, unknown> = {}, who = api) =>
    who.req("POST", "/template/create", { form: templateForm(files, { title: "T", signer_roles: ROLES, form_fields_per_document: FIELDS, ...fields }) });
  const ready = (id: string, who = api) =>
    waitFor(
      async () => {
        const ev = await who.ctl("GET", "/events");
        // Settled: delivered, failed, or nowhere to send it.
        return ev.body.events.find((e: { state: string; json: { template: { template_id: string } } }) => e.json.template?.template_id === id && e.state !== "pending");
      },
      5000,
      `event for ${id}`,
    );

  it("create processes asynchronously: files endpoints 409 first, then template_created is POSTed", async () => {
    const r = await create([pdf(2)], { message: "hello", cc_roles: ["Accountant"] });
    expectStatus(r, 200);
    const t = r.body.template;
    assert.match(t.template_id, /^[0-9a-f]{40}$/);
    assert.equal(t.title, "T");
    assert.deepEqual(t.signer_roles, [{ name: "Client", order: 0 }]);
    assert.deepEqual(t.cc_roles, [{ name: "Accountant" }]);
    assert.equal(t.documents[0].form_fields[0].api_id, "f1");
    assert.equal(t.documents[0].form_fields[0].isMultiline, false);
    assert.deepEqual(
      t.accounts.map((a: { account_id: string }) => a.account_id),
      [svc.accountId],
    );
    const g = await api.get(`/template/${t.template_id}`);
    expectStatus(g, 200);
    expectEnvelope(await api.get(`/template/files/${t.template_id}`), 409, "conflict");
    const ev = await ready(t.template_id);
    assert.equal(ev.event_type, "template_created");
    assert.equal(ev.state, "delivered");
    assert.equal(ev.callback_type, "account_callback");
    assert.equal(ev.attempts[0].body, "Hello API Event Received");
    const e = ev.json.event;
    assert.equal(e.event_hash, eventHash("devkey", e.event_time, "template_created"));
    const got = receiver.received.find((x) => (x.json.template as { template_id?: string })?.template_id === t.template_id);
    assert.ok(got, "receiver got the callback");
    assert.match(got.contentType, /^multipart\/form-data/);
    const files = await api.get(`/template/files/${t.template_id}`);
    expectStatus(files, 200);
    assert.equal(files.headers.get("content-type"), "application/pdf");
  });

  it("exactly one of files and file_urls; file_urls are fetched over HTTP", async () => {
    expectEnvelope(await api.post("/template/create", { signer_roles: ROLES, form_fields_per_document: FIELDS }), 400, "bad_request");
    const url = receiver.serve("doc.pdf", pdf(1));
    const both = templateForm([pdf(1)], { signer_roles: ROLES, form_fields_per_document: FIELDS, file_urls: [url] });
    expectEnvelope(await api.req("POST", "/template/create", { form: both }), 400, "bad_request");
    const r = await api.post("/template/create", { file_urls: [url], signer_roles: ROLES, form_fields_per_document: FIELDS });
    expectStatus(r, 200);
    assert.equal(r.body.template.documents[0].name, "doc.pdf");
    const missing = await api.post("/template/create", { file_urls: [`${receiver.url}/files/nope.pdf`], signer_roles: ROLES, form_fields_per_document: FIELDS });
    expectEnvelope(missing, 400, "bad_request");
    assert.equal(missing.body.error.error_path, "file_urls.0");
  });

  it("signer_roles and form_fields_per_document are required; contract limits are enforced", async () => {
    expectEnvelope(await api.req("POST", "/template/create", { form: templateForm([pdf(1)], { form_fields_per_document: FIELDS }) }), 400, "bad_request");
    expectEnvelope(await api.req("POST", "/template/create", { form: templateForm([pdf(1)], { signer_roles: ROLES }) }), 400, "bad_request");
    const long = await create([pdf(1)], { message: "x".repeat(MESSAGE_MAX_LENGTH + 1) });
    expectEnvelope(long, 400, "bad_request");
    assert.equal(long.body.error.error_path, "message");
    expectEnvelope(await create([pdf(1)], { subject: "s".repeat(SUBJECT_SHORT_MAX_LENGTH + 1) }), 400, "bad_request");
    expectStatus(await create([pdf(1)], { subject: "s".repeat(SUBJECT_SHORT_MAX_LENGTH) }), 200);
    const meta = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, "v"]));
    expectEnvelope(await create([pdf(1)], { metadata: meta }), 400, "bad_request");
    const badIndex = await create([pdf(1)], { form_fields_per_document: [{ ...FIELDS[0], document_index: 3 }] });
    expectEnvelope(badIndex, 400, "bad_request");
    assert.equal(badIndex.body.error.error_path, "form_fields_per_document.0.document_index");
  });

  it("a broken PDF ends in template_error", async () => {
    const r = await create([Buffer.from("%PDF-1.7\nthis is not really a pdf")]);
    expectStatus(r, 200);
    const ev = await ready(r.body.template.template_id);
    assert.equal(ev.event_type, "template_error");
    expectEnvelope(await api.get(`/template/files/${r.body.template.template_id}`), 422);
  });

  it("callbacks go to the app's callback URL when client_id is given", async () => {
    const app = await api.post("/api_app", { name: "cb", domains: ["a.com"], callback_url: `${receiver.url}/app-cb` });
    const r = await create([pdf(1)], { client_id: app.body.api_app.client_id });
    const ev = await ready(r.body.template.template_id);
    assert.equal(ev.callback_type, "app_callback");
    assert.equal(ev.url, `${receiver.url}/app-cb`);
    assert.equal(ev.json.event.event_metadata.reported_for_app_id, app.body.api_app.client_id);
    assert.equal(r.body.template.is_embedded, true);
    expectEnvelope(await create([pdf(1)], { client_id: "0".repeat(32) }), 404, "not_found");
  });

  it("failed deliveries are retried with backoff and recorded", async () => {
    const flaky = await startReceiver((n) => (n < 2 ? { status: 500, body: "boom" } : { status: 200, body: "Hello API Event Received" }));
    try {
      const acct = await api.newAccount({ plan: "premium" });
      await acct.api.put("/account", { callback_url: flaky.url });
      const r = await create([pdf(1)], {}, acct.api);
      const id = r.body.template.template_id;
      const ev = await waitFor(
        async () => {
          const all = (await api.ctl("GET", "/events")).body.events;
          const e = all.find((x: { json: { template?: { template_id: string } } }) => x.json.template?.template_id === id);
          return e?.state === "delivered" ? e : undefined;
        },
        5000,
        "delivery after retries",
      );
      assert.equal(ev.attempts.length, 3);
      assert.equal(ev.attempts[0].status, 500);
      assert.equal(ev.attempts[0].body, "boom");
    } finally {
      await flaky.close();
    }
  });

  it("a 200 without the acknowledgement text is not a delivery: retried, then failed", async () => {
    const rude = await startReceiver(() => ({ status: 200, body: "OK" }));
    try {
      const acct = await api.newAccount({ plan: "premium" });
      await acct.api.put("/account", { callback_url: rude.url });
      const id = (await create([pdf(1)], {}, acct.api)).body.template.template_id;
      const ev = await waitFor(
        async () => {
          const all = (await api.ctl("GET", "/events", undefined, { account_id: acct.account_id })).body.events;
          const e = all.find((x: { json: { template?: { template_id: string } } }) => x.json.template?.template_id === id);
          return e?.state === "failed" ? e : undefined;
        },
        5000,
        "failed delivery",
      );
      assert.equal(ev.attempts.length, 3); // first try + the two configured retries
      assert.ok(ev.attempts.every((a: { status: number; body: string }) => a.status === 200 && a.body === "OK"));
      assert.equal(rude.received.length, 3);
    } finally {
      await rude.close();
    }
  });

  it("get/list/delete: accounts without access get 404; list filters by account_id and paginates", async () => {
    const a = (await create([pdf(1)], { title: "Listed one" })).body.template.template_id;
    const other = await api.newAccount();
    expectEnvelope(await other.api.get(`/template/${a}`), 404, "not_found");
    const l = await api.get("/template/list", { query: { page_size: 1 } });
    expectStatus(l, 200);
    assert.equal(l.body.templates.length, 1);
    assert.ok(l.body.list_info.num_results >= 2);
    const q = await api.get("/template/list", { query: { query: "listed one" } });
    assert.equal(q.body.templates.length, 1);
    assert.equal((await other.api.get("/template/list")).body.templates.length, 0);
    expectEnvelope(await api.get("/template/list", { query: { account_id: other.account_id } }), 404);
    const d = await api.post(`/template/delete/${a}`);
    expectStatus(d, 200);
    assert.equal(d.text, "");
    expectEnvelope(await api.get(`/template/${a}`), 404, "not_found");
  });

  it("add_user / remove_user: only teammates (403 otherwise), account_id wins, skip_notification suppresses the e-mail", async () => {
    await api.post("/team/create", { name: "T" });
    const mate = await api.newAccount({ email_address: "tm@example.com" });
    // A Developer: a Member's key cannot use the API (D77).
    await api.put("/team/add_member", { account_id: mate.account_id, role: "Developer" }, { query: { team_id: (await api.get("/team/info")).body.team.team_id } });
    await api.ctl("POST", "/invites/accept", { email_address: "tm@example.com" });
    const outsider = await api.newAccount({ email_address: "out@example.com" });
    const id = (await create()).body.template.template_id;
    // S1 testAddTemplateUserInvalid.json: 403 forbidden "Account does not belong to your team."
    const refused = await api.post(`/template/add_user/${id}`, { account_id: outsider.account_id });
    expectEnvelope(refused, 403, "forbidden");
    assert.equal(refused.body.error.error_msg, "Account does not belong to your team.");
    const r = await api.post(`/template/add_user/${id}`, { account_id: mate.account_id, email_address: "out@example.com", skip_notification: true });
    expectStatus(r, 200);
    assert.deepEqual(
      r.body.template.accounts.map((x: { email_address: string }) => x.email_address),
      ["dev@example.com", "tm@example.com"],
    );
    assert.equal((await api.ctl("GET", "/outbox", undefined, { to: "tm@example.com", kind: "template_shared" })).body.emails.length, 0);
    const seen = await mate.api.get(`/template/${id}`);
    expectStatus(seen, 200);
    assert.equal(seen.body.template.is_creator, false);
    assert.equal(seen.body.template.is_embedded, null);
    const rm = await api.post(`/template/remove_user/${id}`, { email_address: "tm@example.com" });
    assert.equal(rm.body.template.accounts.length, 1);
    expectEnvelope(await mate.api.get(`/template/${id}`), 404, "not_found");
    await api.post(`/template/add_user/${id}`, { email_address: "tm@example.com" });
    assert.equal((await api.ctl("GET", "/outbox", undefined, { to: "tm@example.com", kind: "template_shared" })).body.emails.length, 1);
  });

  it("update_files makes a new template, keeps the old one, and uses template quota", async () => {
    const acct = await api.newAccount({ plan: "essentials", quotas: { templates_left: 2 } });
    const old = (await create([pdf(2)], {}, acct.api)).body.template.template_id;
    await ready(old);
    const r = await acct.api.req("POST", `/template/update_files/${old}`, { form: templateForm([pdf(3)], {}) });
    expectStatus(r, 200);
    const fresh = r.body.template.template_id;
    assert.notEqual(fresh, old);
    expectStatus(await acct.api.get(`/template/${old}`), 200);
    assert.equal((await ready(fresh)).event_type, "template_created");
    const q = (await acct.api.get("/account")).body.account.quotas;
    assert.equal(q.templates_left, 0);
    const locked = await create([pdf(1)], {}, acct.api);
    assert.equal(locked.body.template.is_locked, true);
  });

  it("update_files with fewer pages or another orientation ends in template_error", async () => {
    const old = (await create([pdf(2)])).body.template.template_id;
    await ready(old);
    const fewer = await api.req("POST", `/template/update_files/${old}`, { form: templateForm([pdf(1)], {}) });
    expectStatus(fewer, 200);
    assert.equal((await ready(fewer.body.template.template_id)).event_type, "template_error");
    const turned = await api.req("POST", `/template/update_files/${old}`, { form: templateForm([pdf(2, LANDSCAPE)], {}) });
    assert.equal((await ready(turned.body.template.template_id)).event_type, "template_error");
    expectEnvelope(await api.req("POST", `/template/update_files/${old}`, { form: templateForm([], {}) }), 400, "bad_request");
  });

  it("update changes title, subject, message, cc_roles and renames form fields", async () => {
    const id = (await create()).body.template.template_id;
    const r = await api.post(`/template/update/${id}`, {
      title: "New",
      message: "m",
      cc_roles: ["CC"],
      form_fields: [
        { api_id: "f1", name: "Renamed" },
        { api_id: "zz", name: "x" },
      ],
    });
    expectStatus(r, 200);
    assert.equal(r.body.template.title, "New");
    assert.deepEqual(r.body.template.cc_roles, [{ name: "CC" }]);
    assert.equal(r.body.template.documents[0].form_fields[0].name, "Renamed");
    assert.equal(r.body.warnings[0].warning_name, "parameter_ignored");
  });

  it("create_embedded_draft returns template_id, edit_url, expires_at; edit_url only for embedded templates", async () => {
    const app = await api.post("/api_app", { name: "emb", domains: ["a.com"] });
    // A new app is not approved: its drafts are test-mode only (approval.test.ts).
    const fd = templateForm([pdf(1)], { client_id: app.body.api_app.client_id, signer_roles: ROLES, test_mode: true });
    const d = await api.req("POST", "/template/create_embedded_draft", { form: fd });
    expectStatus(d, 200);
    assert.deepEqual(Object.keys(d.body.template).sort(), ["edit_url", "expires_at", "template_id"]);
    const e = await api.post(`/embedded/edit_url/${d.body.template.template_id}`, { cc_roles: [""] });
    expectStatus(e, 200);
    assert.match(e.body.embedded.edit_url, /^https:\/\//);
    const plain = (await create()).body.template.template_id;
    expectEnvelope(await api.post(`/embedded/edit_url/${plain}`, {}), 400, "bad_request");
    expectEnvelope(await api.req("POST", "/template/create_embedded_draft", { form: templateForm([pdf(1)], {}) }), 400, "bad_request");
  });
});
