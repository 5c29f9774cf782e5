/**
 * Every rule of the Limits table (and every exactly-one-of, enum and format rule) is
 * rejected client-side: EsignValidationError naming the field and the rule, and ZERO
 * requests reach the server.
 */
import { strict as assert } from "node:assert";
import { EsignClient, EsignValidationError, isEsignValidationError } from "../../provider/client";
import * as L from "../../contract/limits";
import { startTestServer, type TestServer } from "./support/http-server";

const pdf = { filename: "a.pdf", content: Buffer.from("%PDF-1.4\n%%EOF\n"), contentType: "application/pdf" };
const fileUrls = ["https://example.com/a.pdf"];
const signers = [{ name: "Ann", email_address: "ann@example.com" }];
const nKeys = (n: number, value: unknown = "v") => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, value]));
const longString = (n: number) => "x".repeat(n);
const mmddyyyy = (date: Date) => `${String(date.getUTCMonth() + 1).padStart(2, "0")}/${String(date.getUTCDate()).padStart(2, "0")}/${date.getUTCFullYear()}`;
const yearsAgo = (years: number, days = 0) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() - days));
};
const embeddedTemplateDraft = { client_id: "c1", requester_email_address: "r@example.com", template_ids: ["t1"], file_urls: fileUrls };

type Case = [name: string, run: (client: EsignClient) => Promise<unknown>, path: string, rule: string];

const cases: Case[] = [
  ["metadata keys", (c) => c.signatureRequest.edit("sr", { file_urls: fileUrls, signers, metadata: nKeys(L.METADATA_MAX_KEYS + 1) }), "metadata", `at most ${L.METADATA_MAX_KEYS} keys`],
  ["metadata nested keys", (c) => c.signatureRequest.edit("sr", { file_urls: fileUrls, signers, metadata: nKeys(5, nKeys(10)) }), "metadata", `at most ${L.METADATA_MAX_NESTED_KEYS} nested keys`],
  [
    "metadata key length",
    (c) => c.template.createEmbeddedDraft({ client_id: "c", file_urls: fileUrls, metadata: { [longString(L.METADATA_KEY_MAX_LENGTH + 1)]: "v" } }),
    `metadata.${longString(L.METADATA_KEY_MAX_LENGTH + 1)}`,
    `key names at most ${L.METADATA_KEY_MAX_LENGTH} characters`,
  ],
  [
    "metadata value length",
    (c) => c.unclaimedDraft.create({ type: "send_document", file_urls: fileUrls, metadata: { k: longString(L.METADATA_VALUE_MAX_LENGTH + 1) } }),
    "metadata.k",
    `values at most ${L.METADATA_VALUE_MAX_LENGTH} characters`,
  ],
  ["message length", (c) => c.signatureRequest.edit("sr", { file_urls: fileUrls, signers, message: longString(L.MESSAGE_MAX_LENGTH + 1) }), "message", `at most ${L.MESSAGE_MAX_LENGTH} characters`],
  [
    "subject 255 (signature request)",
    (c) => c.signatureRequest.edit("sr", { file_urls: fileUrls, signers, subject: longString(L.SUBJECT_MAX_LENGTH + 1) }),
    "subject",
    `at most ${L.SUBJECT_MAX_LENGTH} characters`,
  ],
  [
    "subject 255 (embedded with template)",
    (c) => c.unclaimedDraft.createEmbeddedWithTemplate({ ...embeddedTemplateDraft, subject: longString(L.SUBJECT_MAX_LENGTH + 1) }),
    "subject",
    `at most ${L.SUBJECT_MAX_LENGTH} characters`,
  ],
  [
    "subject 200 (template draft)",
    (c) => c.template.createEmbeddedDraft({ client_id: "c", file_urls: fileUrls, subject: longString(L.SUBJECT_SHORT_MAX_LENGTH + 1) }),
    "subject",
    `at most ${L.SUBJECT_SHORT_MAX_LENGTH} characters`,
  ],
  [
    "subject 200 (unclaimed draft)",
    (c) => c.unclaimedDraft.create({ type: "send_document", file_urls: fileUrls, subject: longString(L.SUBJECT_SHORT_MAX_LENGTH + 1) }),
    "subject",
    `at most ${L.SUBJECT_SHORT_MAX_LENGTH} characters`,
  ],
  [
    "subject 200 (create embedded)",
    (c) => c.unclaimedDraft.createEmbedded({ client_id: "c", requester_email_address: "r@example.com", file_urls: fileUrls, subject: longString(L.SUBJECT_SHORT_MAX_LENGTH + 1) }),
    "subject",
    `at most ${L.SUBJECT_SHORT_MAX_LENGTH} characters`,
  ],
  [
    "subject 100 (update files)",
    (c) => c.template.updateFiles("t", { file_urls: fileUrls, subject: longString(L.UPDATE_FILES_SUBJECT_MAX_LENGTH + 1) }),
    "subject",
    `at most ${L.UPDATE_FILES_SUBJECT_MAX_LENGTH} characters`,
  ],
  ["title 255", (c) => c.signatureRequest.edit("sr", { file_urls: fileUrls, signers, title: longString(L.TITLE_MAX_LENGTH + 1) }), "title", `at most ${L.TITLE_MAX_LENGTH} characters`],
  ["domains max (create)", (c) => c.apiApp.create({ name: "a", domains: Array(L.API_APP_DOMAINS_MAX + 1).fill("a.com") }), "domains", `at most ${L.API_APP_DOMAINS_MAX} items`],
  ["domains max (update)", (c) => c.apiApp.update("cid", { domains: Array(L.API_APP_DOMAINS_MAX + 1).fill("a.com") }), "domains", `at most ${L.API_APP_DOMAINS_MAX} items`],
  ["domains min (create)", (c) => c.apiApp.create({ name: "a", domains: [] }), "domains", `at least ${L.API_APP_DOMAINS_MIN} item`],
  ["page_size max", (c) => c.team.members({ team_id: "t", page_size: L.PAGE_SIZE_MAX + 1 }), "page_size", `at most ${L.PAGE_SIZE_MAX}`],
  ["page_size min", (c) => c.apiApp.list({ page_size: L.PAGE_SIZE_MIN - 1 }), "page_size", `at least ${L.PAGE_SIZE_MIN}`],
  ["page min", (c) => c.fax.list({ page: L.PAGE_MIN - 1 }), "page", `at least ${L.PAGE_MIN}`],
  [
    "report range",
    (c) => c.report.create({ start_date: mmddyyyy(yearsAgo(2)), end_date: mmddyyyy(yearsAgo(0)), report_type: ["user_activity"] }),
    "end_date",
    `date range at most ${L.REPORT_MAX_RANGE_MONTHS} months`,
  ],
  [
    "report start age",
    (c) => c.report.create({ start_date: mmddyyyy(yearsAgo(L.REPORT_MAX_START_YEARS_BACK, 1)), end_date: mmddyyyy(yearsAgo(L.REPORT_MAX_START_YEARS_BACK - 1, 60)), report_type: ["user_activity"] }),
    "start_date",
    `at most ${L.REPORT_MAX_START_YEARS_BACK} years in the past`,
  ],
  ["report end before start", (c) => c.report.create({ start_date: "02/01/2026", end_date: "01/01/2026", report_type: ["user_activity"] }), "end_date", "end_date must not be before start_date"],
  ["report date format", (c) => c.report.create({ start_date: "2026-01-01", end_date: "02/30/2026", report_type: ["user_activity"] }), "start_date", "MM/DD/YYYY"],
  [
    "report_type max",
    (c) => c.report.create({ start_date: "01/01/2026", end_date: "02/01/2026", report_type: ["user_activity", "document_status", "sms_activity"] }),
    "report_type",
    `at most ${L.REPORT_TYPE_MAX_ITEMS} items`,
  ],
  ["report_type min", (c) => c.report.create({ start_date: "01/01/2026", end_date: "02/01/2026", report_type: [] }), "report_type", `at least ${L.REPORT_TYPE_MIN_ITEMS} item`],
  ["report_type enum", (c) => c.report.create({ start_date: "01/01/2026", end_date: "02/01/2026", report_type: ["weekly" as "user_activity"] }), "report_type.0", "must be one of user_activity"],
  [
    "files and file_urls both",
    (c) => c.template.create({ files: [pdf], file_urls: fileUrls, signer_roles: [{ name: "Signer" }], form_fields_per_document: [] }),
    "files",
    "exactly one of files or file_urls is required",
  ],
  ["files and file_urls neither", (c) => c.fax.send({ recipient: "+14155550100" }), "files", "exactly one of files or file_urls is required"],
  ["signers and grouped_signers neither", (c) => c.signatureRequest.edit("sr", { file_urls: fileUrls }), "signers", "exactly one of signers or grouped_signers is required"],
  ["file and file_url both", (c) => c.document.detectFields({ file: pdf, file_url: fileUrls[0], detection_mode: "annotations" }), "file", "exactly one of file or file_url is required"],
  ["account_id / email_address (team)", (c) => c.team.addMember({ role: "Member" }), "account_id", "one of account_id or email_address is required"],
  ["account_id / email_address (template)", (c) => c.template.addUser("t", { skip_notification: true }), "account_id", "one of account_id or email_address is required"],
  ["account_id / email_address (remove member)", (c) => c.team.removeMember({}), "account_id", "one of account_id or email_address is required"],
  ["team role enum", (c) => c.team.addMember({ email_address: "a@example.com", role: "Owner" as "Admin" }), "role", "must be one of Member, Developer, Team Manager, Admin"],
  ["fax country enum", (c) => c.faxLine.create({ area_code: 415, country: "FR" as "US" }), "country", "must be one of CA, US, UK"],
  ["area codes country enum", (c) => c.faxLine.areaCodes({ country: "DE" as "US" }), "country", "must be one of CA, US, UK"],
  ["detection_mode enum", (c) => c.document.detectFields({ file_url: fileUrls[0], detection_mode: "ocr" as "annotations" }), "detection_mode", "must be one of annotations, text_tags"],
  ["page_range syntax", (c) => c.document.detectFields({ file_url: fileUrls[0], detection_mode: "annotations", page_range: "1-" }), "page_range", "comma-separated zero-based n or n-m"],
  [
    "oauth scope enum",
    (c) => c.apiApp.create({ name: "a", domains: ["a.com"], oauth: { callback_url: "https://a.com/cb", scopes: ["everything" as "basic_account_info"] } }),
    "oauth.scopes.0",
    "must be one of request_signature",
  ],
  ["oauth pair", (c) => c.apiApp.update("cid", { oauth: { callback_url: "https://a.com/cb" } }), "oauth.scopes", "callback_url and scopes are required together"],
  ["white labeling hex color", (c) => c.apiApp.update("cid", { white_labeling_options: { primary_button_color: "blue" } }), "white_labeling_options.primary_button_color", "hex color"],
  // D126: the service refuses a body key the operation does not take, so the client does before sending (it used to drop it).
  [
    "unknown body parameter",
    (c) => c.template.createEmbeddedDraft({ client_id: "c".repeat(32), file_urls: fileUrls, signer_roles: [{ name: "S" }], custom_fields: "x" } as never),
    "custom_fields",
    "custom_fields is not a parameter of this operation (the service refuses it)",
  ],
  // D126: the description's SubOptions names one key; the service refuses others, so the client does before sending.
  [
    "options unknown key",
    (c) => c.apiApp.create({ name: "a", domains: ["a.com"], options: { can_insert_everywhere: true, junk: 1 } as { can_insert_everywhere: boolean } }),
    "options",
    "unknown options key(s): junk",
  ],
  ["legal_version enum", (c) => c.apiApp.update("cid", { white_labeling_options: { legal_version: "terms3" as "terms1" } }), "white_labeling_options.legal_version", "must be one of terms1, terms2"],
  ["e-mail format", (c) => c.team.addMember({ email_address: "not-an-email" }), "email_address", "must be an e-mail address"],
  ["signer e-mail format", (c) => c.signatureRequest.edit("sr", { file_urls: fileUrls, signers: [{ name: "A", email_address: "nope" }] }), "signers.0.email_address", "must be an e-mail address"],
  [
    "signer role name",
    (c) => c.template.create({ file_urls: fileUrls, signer_roles: [{ order: 0 } as unknown as { name: string }], form_fields_per_document: [] }),
    "signer_roles.0.name",
    "is required",
  ],
  [
    "form field type enum",
    (c) =>
      c.template.create({
        file_urls: fileUrls,
        signer_roles: [{ name: "S" }],
        form_fields_per_document: [{ document_index: 0, api_id: "f", type: "essay" as "text", x: 1, y: 1, width: 10, height: 10, required: true, signer: 0 }],
      }),
    "form_fields_per_document.0.type",
    "must be one of text",
  ],
  [
    "is_eid one signer",
    (c) => c.signatureRequest.edit("sr", { file_urls: fileUrls, signers: [...signers, { name: "Bo", email_address: "bo@example.com" }], is_eid: true }),
    "is_eid",
    `at most ${L.EID_MAX_SIGNERS} signer`,
  ],
  ["is_eid not in test_mode", (c) => c.signatureRequest.edit("sr", { file_urls: fileUrls, signers, is_eid: true, test_mode: true }), "is_eid", "not allowed in test_mode"],
  [
    "text tags vs preexisting fields",
    (c) => c.unclaimedDraft.create({ type: "send_document", file_urls: fileUrls, use_text_tags: true, use_preexisting_fields: true }),
    "use_preexisting_fields",
    "only one of use_text_tags or use_preexisting_fields may be enabled",
  ],
  [
    "request_signature signers",
    (c) => c.unclaimedDraft.create({ type: "request_signature", file_urls: fileUrls, signers: [{ email_address: "a@example.com" }] }),
    "signers.0.name",
    "required when type is request_signature",
  ],
  ["fax recipient", (c) => c.fax.send({ recipient: "12345", file_urls: fileUrls }), "recipient", "E.164"],
  ["fax line number", (c) => c.faxLine.delete({ number: "" }), "number", "must not be empty"],
  ["team name", (c) => c.team.update({ name: "" }), "name", "must not be empty"],
  ["template_ids", (c) => c.unclaimedDraft.createEmbeddedWithTemplate({ ...embeddedTemplateDraft, template_ids: [] }), "template_ids", "at least 1 item"],
  // Formats that can never work (D64).
  ["domain not a host name (create)", (c) => c.apiApp.create({ name: "a", domains: ["not a domain!"] }), "domains.0", "must be a host name"],
  ["domain with a scheme (update)", (c) => c.apiApp.update("cid", { domains: ["a.com", "https://b.com"] }), "domains.1", "must be a host name"],
  ["callback_url scheme", (c) => c.apiApp.create({ name: "a", domains: ["a.com"], callback_url: "mailto:ops@a.com" }), "callback_url", "must be an http or https URL"],
  ["oauth callback_url scheme", (c) => c.apiApp.update("cid", { oauth: { callback_url: "ftp://a.com/cb", scopes: ["basic_account_info"] } }), "oauth.callback_url", "must be an http or https URL"],
  ["file_urls scheme", (c) => c.fax.send({ recipient: "+14155550100", file_urls: ["file:///etc/passwd"] }), "file_urls.0", "must be an http or https URL"],
  ["fax area code digits", (c) => c.faxLine.create({ area_code: 41, country: "US" }), "area_code", "a US area code is three digits"],
  ["signer pin length", (c) => c.signatureRequest.edit("sr", { file_urls: fileUrls, signers: [{ ...signers[0], pin: "123" }] }), "signers.0.pin", "must be 4 to 12 characters"],
];

describe("client: pre-flight validation", () => {
  let server: TestServer;
  let client: EsignClient;

  before(async () => {
    server = await startTestServer(() => ({ status: 500, body: { error: { error_name: "unexpected", error_msg: "should not be called" } } }));
    client = new EsignClient({ apiKey: "test-key", baseUrl: server.baseUrl, requestsPerMinute: 0 });
  });
  after(() => server.close());

  for (const [name, run, path, rule] of cases) {
    it(`rejects ${name}: ${path} (${rule})`, async () => {
      const error = await run(client).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      assert.ok(isEsignValidationError(error), `expected EsignValidationError, got ${String(error)}`);
      const issue = (error as EsignValidationError).issues.find((candidate) => candidate.path === path);
      assert.ok(issue, `no issue at ${path}: ${JSON.stringify((error as EsignValidationError).issues)}`);
      assert.ok(issue.message.includes(rule), `issue at ${path} says "${issue.message}", expected "${rule}"`);
      assert.ok((error as Error).message.includes(path), "the message names the field");
      assert.equal(server.requests.length, 0, "no request was sent");
    });
  }

  it("counts validation failures in stats() and sends nothing", () => {
    assert.equal(client.stats().requestsSent, 0);
    assert.equal(client.stats().validationFailures, cases.length);
  });
});
