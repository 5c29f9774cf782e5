/**
 * Contract tests over HTTP: POST /report/create (dates, range, types from the contract), one
 * e-mail per type in the outbox, and the real CSV behind each link built from account data.
 */
import * as assert from "node:assert/strict";
import { makePdf } from "../../support/pdf";
import { Api, expectEnvelope, expectErrorAt, expectStatus, startForTest } from "../support/api";

const mmddyyyy = (d: Date) => `${String(d.getUTCMonth() + 1).padStart(2, "0")}/${String(d.getUTCDate()).padStart(2, "0")}/${d.getUTCFullYear()}`;
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

describe("service: reports", () => {
  let api: Api;
  before(async () => {
    ({ api } = await startForTest());
  });
  after(async () => {
    await api.svc.close();
  });

  it("validates dates: format, end not before start, at most 12 months, start at most 10 years back, 1..2 types", async () => {
    const ok = { start_date: mmddyyyy(daysAgo(10)), end_date: mmddyyyy(daysAgo(0)), report_type: ["user_activity"] };
    expectErrorAt(await api.post("/report/create", { ...ok, start_date: "2024-01-01" }), 400, "start_date");
    expectErrorAt(await api.post("/report/create", { ...ok, start_date: "02/30/2024" }), 400, "start_date");
    expectErrorAt(await api.post("/report/create", { ...ok, start_date: mmddyyyy(daysAgo(0)), end_date: mmddyyyy(daysAgo(3)) }), 400, "end_date");
    expectErrorAt(await api.post("/report/create", { ...ok, start_date: mmddyyyy(daysAgo(400)) }), 400, "end_date");
    expectErrorAt(await api.post("/report/create", { ...ok, start_date: mmddyyyy(daysAgo(3700 + 365)), end_date: mmddyyyy(daysAgo(3700 + 300)) }), 400, "start_date");
    expectErrorAt(await api.post("/report/create", { ...ok, report_type: [] }), 400, "report_type");
    expectErrorAt(await api.post("/report/create", { ...ok, report_type: ["user_activity", "document_status", "sms_activity"] }), 400, "report_type");
    expectEnvelope(await api.post("/report/create", { ...ok, report_type: ["bogus"] }), 400);
  });

  it("creates one e-mail per type with a link to a real CSV built from the account's data (inclusive range)", async () => {
    const sr = await api.seedRequest({ title: 'Lease, 2nd "draft"' });
    const pdf = makePdf({ pages: [{}] });
    expectStatus(
      await api.form("PUT", `/signature_request/edit/${sr.signature_request_id}`, {
        "files[0]": pdf,
        "signers[0][name]": "A",
        "signers[0][email_address]": "a@example.com",
        title: 'Lease, 2nd "draft"',
        test_mode: "1",
      }),
    );
    await api.ctl("DELETE", "/outbox");
    const today = mmddyyyy(new Date());
    const r = await api.form("POST", "/report/create", { start_date: today, end_date: today, "report_type[]": "user_activity", "report_type[1]": "document_status" });
    expectStatus(r);
    assert.deepEqual(r.body.report.report_type, ["user_activity", "document_status"]);
    assert.equal(r.body.report.start_date, today);
    assert.equal(typeof r.body.report.success, "string");
    const mails = (await api.ctl("GET", "/outbox?kind=report")).body.emails;
    assert.equal(mails.length, 2);
    assert.ok(mails.every((m: { to: string }) => m.to === "dev@example.com"));
    const byType = Object.fromEntries(mails.map((m: { data: { report_type: string; url: string } }) => [m.data.report_type, m.data.url]));
    const users = await api.open(byType.user_activity);
    expectStatus(users);
    assert.match(users.headers.get("content-type") ?? "", /text\/csv/);
    const [header, me] = users.text.trim().split("\r\n");
    assert.equal(header, "account_id,email_address,role,signature_requests_sent,templates_created,drafts_created,faxes_sent,last_activity");
    assert.match(me!, new RegExp(`^${api.svc.accountId},dev@example.com,requester,[1-9]`));
    const docs = await api.open(byType.document_status);
    expectStatus(docs);
    const lines = docs.text.trim().split("\r\n");
    assert.equal(lines[0], "signature_request_id,title,sender_account_id,sender_email_address,created_at,status,signers,signed,test_mode");
    const row = lines.find((l) => l.startsWith(sr.signature_request_id));
    assert.ok(row, docs.text);
    assert.ok(row!.includes('"Lease, 2nd ""draft"""'), row); // CSV quoting
    assert.ok(row!.includes(",awaiting_signature,1,0,true"), row);
  });

  it("user_activity lists the account and its team members", async () => {
    expectStatus(await api.post("/team/create", { name: "Team" }));
    expectStatus(await api.put("/team/add_member", { email_address: "mate@example.com" }));
    expectStatus(await api.ctl("POST", "/invites/accept", { email_address: "mate@example.com" }));
    const today = mmddyyyy(new Date());
    expectStatus(await api.post("/report/create", { start_date: today, end_date: today, report_type: ["user_activity"] }));
    const mails = (await api.ctl("GET", "/outbox?kind=report")).body.emails;
    const csv = await api.open(mails[mails.length - 1].data.url);
    const emails = csv.text
      .trim()
      .split("\r\n")
      .slice(1)
      .map((l) => l.split(",")[1]);
    assert.deepEqual(emails, ["dev@example.com", "mate@example.com"]);
  });

  it("document_status leaves out requests created outside the range; the CSV is only for its account", async () => {
    await api.seedRequest({ title: "Now" });
    const r = await api.post("/report/create", { start_date: mmddyyyy(daysAgo(30)), end_date: mmddyyyy(daysAgo(20)), report_type: ["document_status"] });
    expectStatus(r);
    const mails = (await api.ctl("GET", "/outbox?kind=report")).body.emails;
    const url = mails[mails.length - 1].data.url;
    const csv = await api.open(url);
    assert.equal(csv.text.trim().split("\r\n").length, 1); // header only
    const other = (await api.ctl("POST", "/accounts", { plan: "standard" })).body;
    expectEnvelope(await api.as(other.api_key).open(url), 404);
  });
});
