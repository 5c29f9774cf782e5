/**
 * Every client operation over real HTTP against the local service (startService({ port: 0 })):
 * the client's validation, encoding (JSON and multipart) and response parsing agree with the
 * service built on the same contract. Runs in order; later steps use ids from earlier ones.
 */
import { strict as assert } from "node:assert";
import { EsignClient, isEsignApiError, type EsignApiError } from "../../provider/client";
import { operationIds, type OperationId } from "../../contract";
import { startService, type RunningService } from "../../service";
import { makePdf } from "../../service/pdf";
import { hasOwnTest } from "../support/own-operation-test";

const pdf = (name: string) => ({ filename: name, content: makePdf({ pages: [{ texts: [{ x: 72, y: 720, text: name }] }] }), contentType: "application/pdf" });
const textTagPdf = () => ({
  filename: "tags.pdf",
  content: makePdf({ pages: [{ texts: [{ x: 72, y: 720, text: "[sig|req|signer1]" }] }] }),
  contentType: "application/pdf",
});
const pause = (t: number) => new Promise((resolve) => setTimeout(resolve, t));
const usDate = (d: Date) => `${String(d.getUTCMonth() + 1).padStart(2, "0")}/${String(d.getUTCDate()).padStart(2, "0")}/${d.getUTCFullYear()}`;

describe("client: every operation against the local service", function () {
  this.timeout(60_000);
  let service: RunningService;
  let client: EsignClient;
  let other: { account_id: string; email_address: string; api_key: string };
  const called = new Set<OperationId>();
  const ids: Record<string, string> = {};

  before(async () => {
    service = await startService({ port: 0, plan: "enterprise", templateProcessingMs: 10, responseDialect: "sdk-2025" /* serves the hidden update route too (D123) */ });
    client = new EsignClient({
      apiKey: service.apiKey,
      baseUrl: service.baseUrl,
      requestsPerMinute: 0,
      retry: { retries: 0 },
      onRequest: (info) => called.add(info.operation),
    });
    const response = await fetch(`${service.url}/_local/accounts`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email_address: "teammate@example.com" }),
    });
    other = (await response.json()) as typeof other;
  });
  after(() => service?.close());

  /** The control plane stands in for the web UI (accepting an invitation). */
  const control = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${service.url}/_local${path}`, {
      method,
      headers: { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    assert.ok(response.ok, `${method} /_local${path}: ${response.status} ${await response.clone().text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };

  it("account.get", async () => {
    const account = await client.account.get();
    assert.equal(account.account_id, service.accountId);
  });

  it("account.verify", async () => {
    assert.deepEqual(await client.account.verify({ email_address: other.email_address }), { account: { email_address: other.email_address } });
    assert.deepEqual(await client.account.verify({ email_address: "nobody@example.com" }), {});
  });

  it("api_app.create / get / list / update (multipart logo) ", async () => {
    const app = await client.apiApp.create({
      name: "Portal",
      domains: ["example.com"],
      callback_url: "https://example.com/callback",
      oauth: { callback_url: "https://example.com/oauth", scopes: ["basic_account_info", "request_signature"] },
      white_labeling_options: { primary_button_color: "#00b3e6", legal_version: "terms2" },
    });
    ids.client_id = app.client_id;
    assert.equal(app.name, "Portal");
    assert.deepEqual(app.domains, ["example.com"]);
    assert.equal((await client.apiApp.get(app.client_id)).client_id, app.client_id);
    const page = await client.apiApp.list({ page_size: 10 });
    assert.ok(page.items.some((item) => item.client_id === app.client_id));
    assert.equal(page.list_info?.page, 1);
    const updated = await client.apiApp.update(app.client_id, { name: "Portal 2", domains: ["example.com", "example.org"] });
    assert.equal(updated.name, "Portal 2");
    const withLogo = await client.apiApp.update(app.client_id, {
      custom_logo_file: { filename: "logo.png", content: Buffer.from("89504e470d0a1a0a", "hex"), contentType: "image/png" },
      options: { can_insert_everywhere: true },
    });
    assert.equal(withLogo.client_id, app.client_id);
  });

  it("team.create / get / info / update / add_member / members / sub_teams / invites / remove_member", async () => {
    const created = await client.team.create({ name: "Legal" });
    assert.equal(created.name, "Legal");
    assert.equal((await client.team.get()).name, "Legal");
    const info = await client.team.info();
    ids.team_id = info.team_id;
    assert.equal((await client.team.update({ name: "Legal Ops" })).name, "Legal Ops");
    const invited = await client.team.addMember({ email_address: other.email_address });
    assert.ok(JSON.stringify(invited).includes(other.email_address));
    const invites = await client.team.invites();
    assert.ok(Array.isArray(invites.items));
    const members = await client.collectAll(client.team.members, { team_id: ids.team_id }, { pageSize: 1 });
    assert.ok(members.some((member) => member.account_id === service.accountId));
    const subTeams = await client.team.subTeams({ team_id: ids.team_id });
    assert.ok(Array.isArray(subTeams.items));
    const removed = await client.team.removeMember({ email_address: other.email_address });
    assert.equal(removed.name, "Legal Ops");
  });

  it("template.create / files_as_file_url / get / list / update / add_user / remove_user / update_files", async () => {
    const created = await client.template.create({
      files: [pdf("nda.pdf")],
      title: "NDA",
      subject: "Please sign",
      message: "Thanks",
      signer_roles: [{ name: "Client", order: 0 }],
      form_fields_per_document: [{ document_index: 0, api_id: "sig1", name: "Signature", type: "signature", x: 100, y: 100, width: 120, height: 30, required: true, signer: 0, page: 1 }],
      metadata: { matter: "42" },
      test_mode: true,
    });
    ids.template_id = created.template_id;
    await pause(100);
    const file = await client.template.filesAsFileUrl(created.template_id, { force_download: 0 });
    assert.match(file.file_url, /^https?:\/\//);
    const template = await client.template.get(created.template_id);
    assert.equal(template.title, "NDA");
    const list = await client.template.list({ page_size: 5 });
    assert.ok(list.items.some((item) => item.template_id === created.template_id));
    const updated = await client.template.update(created.template_id, { title: "NDA v2", form_fields: [{ api_id: "sig1", name: "Client signature" }] });
    assert.equal(updated.template_id, created.template_id);
    await client.team.addMember({ account_id: other.account_id });
    await control("POST", "/invites/accept", { email_address: other.email_address });
    const shared = await client.template.addUser(created.template_id, { account_id: other.account_id, skip_notification: true });
    assert.equal(shared.template_id, created.template_id);
    const unshared = await client.template.removeUser(created.template_id, { email_address: other.email_address });
    assert.equal(unshared.template_id, created.template_id);
    const overlay = await client.template.updateFiles(created.template_id, { files: [pdf("nda-v3.pdf")], subject: "New files" });
    assert.ok(overlay.template_id);
    await pause(100);
  });

  it("template.create_embedded_draft / embedded.edit_url", async () => {
    const draft = await client.template.createEmbeddedDraft({
      client_id: ids.client_id,
      files: [pdf("draft.pdf")],
      title: "Embedded",
      signer_roles: [{ name: "Signer" }],
      test_mode: true,
    });
    assert.ok(draft.edit_url);
    ids.embedded_template_id = draft.template_id;
    await pause(100);
    const edit = await client.embedded.editUrl(draft.template_id, { test_mode: true, show_progress_stepper: false });
    assert.ok(edit.edit_url);
  });

  it("unclaimed_draft.create / create_embedded / create_embedded_with_template / edit_and_resend", async () => {
    const plain = await client.unclaimedDraft.create({ type: "send_document", files: [pdf("draft.pdf")], test_mode: true });
    assert.ok(plain.claim_url);
    const embedded = await client.unclaimedDraft.createEmbedded({
      client_id: ids.client_id,
      requester_email_address: "dev@example.com",
      files: [pdf("embedded.pdf")],
      signers: [{ name: "Ann", email_address: "ann@example.com" }],
      test_mode: true,
      hold_request: true,
      force_signer_page: true,
    });
    assert.ok(embedded.signature_request_id);
    ids.signature_request_id = embedded.signature_request_id!;
    const withTemplate = await client.unclaimedDraft.createEmbeddedWithTemplate({
      client_id: ids.client_id,
      requester_email_address: "dev@example.com",
      template_ids: [ids.template_id],
      signers: [{ role: "Client", name: "Ann", email_address: "ann@example.com" }],
      files: [pdf("appendix.pdf")],
      test_mode: true,
    });
    assert.ok(withTemplate.claim_url);
    const resent = await client.unclaimedDraft.editAndResend(embedded.signature_request_id!, { client_id: ids.client_id, test_mode: true });
    assert.ok(resent.claim_url);
  });

  it("signature_request.edit / get / list", async () => {
    const id = ids.signature_request_id;
    const edited = await client.signatureRequest.edit(id, {
      files: [pdf("contract.pdf")],
      signers: [{ name: "Bo", email_address: "bo@example.com" }],
      title: "Contract",
      test_mode: true,
    });
    assert.equal(edited.title, "Contract");
    assert.equal((await client.signatureRequest.get(id)).signature_request_id, id);
    const list = await client.signatureRequest.list({ page_size: 10 });
    assert.ok(list.items.some((item) => item.signature_request_id === id));
  });

  it("document.detect_fields", async () => {
    const result = await client.document.detectFields({ file: textTagPdf(), detection_mode: "text_tags", page_range: "all" });
    assert.equal(result.page_count, 1);
  });

  it("fax_line.area_codes / create / get / list / add_user / remove_user", async () => {
    const codes = await client.faxLine.areaCodes({ country: "US", state: "CA" });
    assert.ok(codes.length > 0);
    const line = await client.faxLine.create({ area_code: codes[0], country: "US" });
    ids.number = line.number;
    assert.equal((await client.faxLine.get({ number: line.number })).number, line.number);
    const list = await client.faxLine.list({ show_team_lines: true });
    assert.ok(list.items.some((item) => item.number === line.number));
    const added = await client.faxLine.addUser({ number: line.number, email_address: other.email_address });
    assert.ok(added.accounts?.some((account) => account.account_id === other.account_id));
    const removed = await client.faxLine.removeUser({ number: line.number, account_id: other.account_id });
    assert.ok(!removed.accounts?.some((account) => account.account_id === other.account_id));
  });

  it("fax.send / get / list / delete", async () => {
    const fax = await client.fax.send({ recipient: "+14155550123", files: [pdf("fax.pdf")], title: "Fax", test_mode: true, cover_page_to: "Ann" });
    assert.equal((await client.fax.get(fax.fax_id)).fax_id, fax.fax_id);
    const list = await client.fax.list({ page_size: 10 });
    assert.ok(list.items.some((item) => item.fax_id === fax.fax_id));
    await client.fax.delete(fax.fax_id);
  });

  it("report.create", async () => {
    const end = new Date();
    const start = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - 1, 1));
    const report = await client.report.create({ start_date: usDate(start), end_date: usDate(end), report_type: ["user_activity", "document_status"] });
    assert.deepEqual(report.report_type, ["user_activity", "document_status"]);
  });

  it("template.delete / api_app.delete / fax_line.delete / team.destroy", async () => {
    await client.template.delete(ids.template_id);
    const gone = (await client.template.get(ids.template_id).catch((error: unknown) => error)) as EsignApiError;
    assert.ok(isEsignApiError(gone) && gone.status === 404);
    await client.apiApp.delete(ids.client_id);
    await client.faxLine.delete({ number: ids.number });
    await client.team.removeMember({ account_id: other.account_id }).catch(() => undefined);
    await client.team.destroy();
    const noTeam = (await client.team.get().catch((error: unknown) => error)) as EsignApiError;
    assert.equal(noTeam.status, 404);
    assert.equal(noTeam.errorName, "not_found");
  });

  it("called every operation of the contract (or it has its own test file, by the recipe)", () => {
    assert.deepEqual(
      operationIds.filter((id) => !called.has(id) && !hasOwnTest(id)),
      [],
    );
  });
});
