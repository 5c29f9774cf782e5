/**
 * Templates answer as the real service was recorded (docs/local-service.md, "What is recorded and what is our guess"): each
 * case names its source in /work/shared/reference/real-service-evidence.md §4 and §8.
 */
import assert from "node:assert/strict";
import { Api, expectEnvelope, expectStatus, sleep, startForTest, waitFor } from "../support/api";
import { pdf, templateForm } from "../support/files";
import type { RunningService } from "../../../service";

const FIELDS = [{ document_index: 0, api_id: "f1", name: "Name", type: "text", x: 10, y: 10, width: 120, height: 20, required: true, signer: 0, page: 1 }];

describe("service: templates, as recorded", function () {
  this.timeout(30_000);
  let svc: RunningService;
  let api: Api;
  before(async () => ({ svc, api } = await startForTest({ plan: "premium", autoAcceptInvites: false, responseDialect: "sdk-2025" /* serves the hidden update route too (D123) */ })));
  after(() => svc.close());

  const create = (fields: Record<string, unknown> = {}, who = api) =>
    who.req("POST", "/template/create", { form: templateForm([pdf(1)], { signer_roles: [{ name: "Client" }], form_fields_per_document: FIELDS, ...fields }) });
  const made = async (fields: Record<string, unknown> = {}, who = api): Promise<string> => {
    const r = await create(fields, who);
    expectStatus(r);
    return r.body.template.template_id;
  };
  /** Processing is over once the files can be had. */
  const ready = (id: string, who = api) => waitFor(async () => (await who.get(`/template/files_as_file_url/${id}`)).status === 200, 5000, `template ${id} ready`);

  // S2 get_template_valid.yaml, list_templates.yaml; S1; the description's TemplateResponse has no subject
  it("a template has no subject, message null when unset, order null on its roles, null quotas kept", async () => {
    const id = await made({ subject: "Please sign", title: "No message" });
    const t = (await api.get(`/template/${id}`)).body.template;
    assert.equal("subject" in t, false, "no subject key");
    assert.equal(t.message, null);
    assert.deepEqual(t.signer_roles, [{ name: "Client", order: null }]);
    // premium: templates_left and documents_left are unlimited (null), as S1 testInviteTeamMember.json's quotas show them.
    assert.equal(t.accounts[0].quotas.templates_left, null);
    assert.equal(t.accounts[0].quotas.documents_left, null);
    const listed = (await api.get("/template/list")).body.templates.find((x: { template_id: string }) => x.template_id === id);
    assert.equal("subject" in listed, false);
    assert.equal(listed.message, null);
    const withMessage = (await api.get(`/template/${await made({ message: "Hello", signer_roles: [{ name: "Client", order: 0 }] })}`)).body.template;
    assert.equal(withMessage.message, "Hello");
    assert.deepEqual(withMessage.signer_roles, [{ name: "Client", order: 0 }]);
  });

  // S2 list_templates.yaml: 8 of 8 templates carry sent_from_domain / created_on_domain ("app.hellosign.com" or the customer's domain)
  it("the service adds sent_from_domain and created_on_domain to the metadata", async () => {
    const plain = (await create({ metadata: { customer: "acme" } })).body.template;
    assert.deepEqual(plain.metadata, { customer: "acme", sent_from_domain: "app.hellosign.com", created_on_domain: "app.hellosign.com" });
    const app = await api.post("/api_app", { name: "Portal", domains: ["portal.example.com", "example.com"] });
    const embedded = (await create({ client_id: app.body.api_app.client_id })).body.template;
    assert.deepEqual(embedded.metadata, { sent_from_domain: "portal.example.com", created_on_domain: "portal.example.com" });
    const own = (await create({ metadata: { sent_from_domain: "mine.example" } })).body.template;
    assert.equal(own.metadata.sent_from_domain, "mine.example", "a key the caller set keeps its value");
    assert.equal(own.metadata.created_on_domain, "app.hellosign.com");
  });

  // S1 testCreateAccount.json, S2 get_template_valid.yaml (free: templates_left 0, is_locked true);
  // S2 create_embedded_template.yaml and S1 testTemplateFilesUpdate.json (the need_credit texts)
  it("a free account has templates_left 0: every template is made locked with the need_credit warning", async () => {
    const free = await api.newAccount({ plan: "free" });
    assert.equal((await free.api.get("/account")).body.account.quotas.templates_left, 0);
    const r = await create({}, free.api);
    expectStatus(r);
    assert.equal(r.body.template.is_locked, true);
    assert.deepEqual(r.body.warnings, [{ warning_name: "need_credit", warning_msg: "The created template will be locked. Upgrade your account to use more templates." }]);
    const app = await free.api.post("/api_app", { name: "Free app", domains: ["free.example"] });
    const draft = await free.api.req("POST", "/template/create_embedded_draft", {
      form: templateForm([pdf(1)], { client_id: app.body.api_app.client_id, signer_roles: [{ name: "Client" }], test_mode: true }),
    });
    expectStatus(draft);
    assert.equal(draft.body.warnings[0].warning_msg, "The created template will be locked. Upgrade your account to use more templates.");
    await ready(r.body.template.template_id, free.api);
    const files = await free.api.req("POST", `/template/update_files/${r.body.template.template_id}`, { form: templateForm([pdf(1)], {}) });
    expectStatus(files);
    assert.deepEqual(files.body.warnings, [{ warning_name: "need_credit", warning_msg: "The new template will be locked. Upgrade your account for more templates." }]);
    // Within quota: unlocked, no warning.
    const paid = await create();
    assert.equal(paid.body.template.is_locked, false);
    assert.equal(paid.body.warnings, undefined);
  });

  // S2 list_templates.yaml: newest updated_at first (8 templates, strictly descending)
  it("lists newest updated_at first; ties newest made first; pages stay stable", async () => {
    const acct = await api.newAccount({ plan: "premium" });
    const a = await made({ title: "A" }, acct.api);
    const b = await made({ title: "B" }, acct.api);
    const c = await made({ title: "C" }, acct.api);
    await Promise.all([a, b, c].map((id) => ready(id, acct.api)));
    const order = async () => (await acct.api.get("/template/list")).body.templates.map((t: { title: string }) => t.title);
    assert.deepEqual(await order(), ["C", "B", "A"]);
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push((await acct.api.get("/template/list", { query: { page, page_size: 1 } })).body.templates[0].title);
    assert.deepEqual(pages, ["C", "B", "A"]);
    await sleep(1100); // updated_at is in seconds
    expectStatus(await acct.api.post(`/template/update/${a}`, { title: "A2" }));
    assert.deepEqual(await order(), ["A2", "C", "B"]);
  });

  // S2 get_template_invalid.yaml ("Template not found: randomstringhere"), delete_template.yaml ("Template not found")
  it("not found: GET names the id, delete does not", async () => {
    const id = "0".repeat(40);
    const g = await api.get(`/template/${id}`);
    expectEnvelope(g, 404, "not_found");
    assert.equal(g.body.error.error_msg, `Template not found: ${id}`);
    const d = await api.post(`/template/delete/${id}`);
    expectEnvelope(d, 404, "not_found");
    assert.equal(d.body.error.error_msg, "Template not found");
  });

  // The description (page_size 1..100) is newer than S1's 2017 capture (page_size=200 -> 200 empty): it wins.
  it("page_size over 100 is a 400 naming page_size, as the current description says", async () => {
    const r = await api.get("/template/list", { query: { page_size: 101 } });
    expectEnvelope(r, 400, "bad_request");
    assert.equal(r.body.error.error_path, "page_size");
  });

  // S3 TemplateTest::testAddTemplateUser (2020, a user invited moments earlier); S1 testAddTemplateUserInvalid.json;
  // S1 testRemoveTemplateUserInvalid.json; S3 testRemoveTemplateUser
  it('access: pending invitees and outsiders are 403 "Account does not belong to your team."; the owner cannot be removed', async () => {
    const boss = await api.newAccount({ plan: "premium", email_address: "boss@example.com" });
    expectStatus(await boss.api.post("/team/create", { name: "Access" }));
    const invited = await api.newAccount({ email_address: "pending@example.com" });
    expectStatus(await boss.api.put("/team/add_member", { account_id: invited.account_id }));
    const outsider = await api.newAccount({ email_address: "outside@example.com" });
    const id = await made({}, boss.api);
    for (const who of [invited, outsider]) {
      const r = await boss.api.post(`/template/add_user/${id}`, { account_id: who.account_id });
      expectEnvelope(r, 403, "forbidden");
      assert.equal(r.body.error.error_msg, "Account does not belong to your team.");
    }
    const owner = await boss.api.post(`/template/remove_user/${id}`, { account_id: boss.account_id });
    expectEnvelope(owner, 403, "forbidden");
    assert.equal(owner.body.error.error_msg, "You cannot remove the template owner");
    const gone = await boss.api.post(`/template/remove_user/${id}`, { email_address: "outside@example.com" });
    expectEnvelope(gone, 403, "forbidden");
    assert.match(gone.body.error.error_msg, /^Account does not belong to your team/);
    // Once the invitation is accepted, the same grant works.
    expectStatus(await api.ctl("POST", "/invites/accept", { email_address: "pending@example.com" }));
    expectStatus(await boss.api.post(`/template/add_user/${id}`, { account_id: invited.account_id }));
  });

  // S12 templates walkthrough: "templates created on Hellosign.com cannot be edited from the API" (the 403 is our choice)
  it("a template made in the web UI is read and shared through the API but not edited (403)", async () => {
    const made = await api.ctl("POST", "/templates", { account_id: svc.accountId, title: "From the website", metadata: { dept: "legal" } });
    assert.equal(made.status, 201, made.text);
    const id = made.body.template_id;
    const t = (await api.get(`/template/${id}`)).body.template;
    assert.equal(t.title, "From the website");
    assert.deepEqual(t.metadata, { dept: "legal", sent_from_domain: "app.hellosign.com", created_on_domain: "app.hellosign.com" });
    for (const r of [
      await api.post(`/template/update/${id}`, { title: "Renamed" }),
      await api.req("POST", `/template/update_files/${id}`, { form: templateForm([pdf(1)], {}) }),
      await api.post(`/embedded/edit_url/${id}`, { test_mode: true }),
    ]) {
      expectEnvelope(r, 403, "forbidden");
      assert.equal(r.body.error.error_msg, "Templates created on the website cannot be edited through the API");
    }
    assert.equal((await api.get(`/template/${id}`)).body.template.title, "From the website");
    expectStatus(await api.post(`/template/delete/${id}`));
  });
});
