/**
 * The official SDK (@dropbox/sign) as a real client of the local service: account, api_app,
 * team, fax_line, fax and report calls succeed, and the SDK's models (camelCase, built from
 * the spec's keys) carry the service's data.
 */
import assert from "node:assert/strict";
import { FaxLineCreateRequest, ReportCreateRequest, SubOAuth, TeamAddMemberRequest } from "@dropbox/sign";
import type { RunningService } from "../../../service";
import { makePdf } from "../../support/pdf";
import { Api, startForTest } from "../support/api";
import { officialSdk, sdkCall, sdkFile, type OfficialSdk } from "./official-sdk";

describe("official SDK against the local service: account, api_app, team, fax_line, fax, report", () => {
  let svc: RunningService;
  let api: Api;
  let sdk: OfficialSdk;
  before(async () => {
    ({ svc, api } = await startForTest({ plan: "enterprise" }));
    sdk = officialSdk(svc);
  });
  after(() => svc.close());

  it("account: the SDK reads the account and its quotas", async () => {
    const { body } = await sdkCall("accountGet", sdk.account.accountGet());
    assert.equal(body.account?.accountId, svc.accountId);
    assert.equal(body.account?.emailAddress, "dev@example.com");
    assert.equal(typeof body.account?.quotas?.apiSignatureRequestsLeft, "number");
  });

  it("api_app: create, get, list, update and delete through the SDK", async () => {
    const created = await sdkCall("apiAppCreate", sdk.apiApp.apiAppCreate({
      name: "Portal", domains: ["portal.example.com"],
      oauth: { callbackUrl: "https://portal.example.com/cb", scopes: [SubOAuth.ScopesEnum.BasicAccountInfo] },
    }));
    const clientId = created.body.apiApp.clientId!;
    assert.match(clientId, /^[0-9a-f]{32}$/);
    assert.equal(created.body.apiApp.oauth?.callbackUrl, "https://portal.example.com/cb");
    assert.equal(typeof created.body.apiApp.oauth?.secret, "string");
    assert.equal((await sdkCall("apiAppGet", sdk.apiApp.apiAppGet(clientId))).body.apiApp.name, "Portal");
    const list = await sdkCall("apiAppList", sdk.apiApp.apiAppList(1, 20));
    assert.deepEqual(list.body.apiApps.map((a) => a.clientId), [clientId]);
    assert.equal(list.body.listInfo.numResults, 1);
    const updated = await sdkCall("apiAppUpdate", sdk.apiApp.apiAppUpdate(clientId, { name: "Portal 2", domains: ["p2.example.com"] }));
    assert.deepEqual(updated.body.apiApp.domains, ["p2.example.com"]);
    await sdkCall("apiAppDelete", sdk.apiApp.apiAppDelete(clientId));
    assert.equal((await api.get(`/api_app/${clientId}`)).status, 404);
  });

  it("team: the SDK sees the members, sub teams and invitations", async () => {
    await sdkCall("teamCreate", sdk.team.teamCreate({ name: "Ops" }));
    const info = (await sdkCall("teamInfo", sdk.team.teamInfo())).body.team;
    assert.equal(info.name, "Ops");
    const teamId = info.teamId!;
    const mate = await api.newAccount({ email_address: "mate@example.com" });
    // The role applies only with team_id (spec: "used only if team_id is provided").
    await sdkCall("teamAddMember", sdk.team.teamAddMember({ accountId: mate.account_id, role: TeamAddMemberRequest.RoleEnum.Developer }, teamId));
    await sdkCall("teamAddMember", sdk.team.teamAddMember({ emailAddress: "later@example.com" }));
    await api.ctl("POST", "/invites/accept", { email_address: "mate@example.com" });

    const members = (await sdkCall("teamMembers", sdk.team.teamMembers(teamId, 1, 20))).body;
    assert.deepEqual(
      members.teamMembers.map((m) => [m.emailAddress, m.role]).sort(),
      [["dev@example.com", "Admin"], ["mate@example.com", "Developer"]],
    );
    assert.equal(members.listInfo.numResults, 2);
    const invites = (await sdkCall("teamInvites", sdk.team.teamInvites())).body.teamInvites;
    assert.deepEqual(invites.map((i) => i.emailAddress), ["later@example.com"]);
    assert.equal(invites[0].redeemedAt, undefined);
    assert.equal(typeof invites[0].sentAt, "number");

    await api.ctl("POST", `/teams/${teamId}/sub_teams`, { name: "Sub" });
    const subs = (await sdkCall("teamSubTeams", sdk.team.teamSubTeams(teamId))).body.subTeams;
    assert.deepEqual(subs.map((s) => s.name), ["Sub"]);

    const team = (await sdkCall("teamUpdate", sdk.team.teamUpdate({ name: "Ops 2" }))).body.team;
    assert.equal(team.name, "Ops 2");
    assert.ok(team.accounts?.some((a) => a.emailAddress === "mate@example.com"));
    const removed = (await sdkCall("teamRemoveMember", sdk.team.teamRemoveMember({ accountId: mate.account_id }))).body.team;
    assert.ok(!removed.accounts?.some((a) => a.emailAddress === "mate@example.com"));
    assert.equal((await sdkCall("teamGet", sdk.team.teamGet())).body.team.name, "Ops 2");
  });

  it("fax_line and fax: the SDK buys a line, shares it, sends, lists and deletes a fax", async () => {
    const codes = (await sdkCall("faxLineAreaCodeGet", sdk.faxLine.faxLineAreaCodeGet(FaxLineCreateRequest.CountryEnum.Us))).body.areaCodes;
    assert.ok(codes.length > 0);
    const line = (await sdkCall("faxLineCreate", sdk.faxLine.faxLineCreate({ country: FaxLineCreateRequest.CountryEnum.Us, areaCode: codes[0] }))).body.faxLine;
    const number = line.number!;
    assert.match(number, /^\+1\d{10}$/);
    const mate = await api.newAccount({ email_address: "faxmate@example.com" });
    await api.put("/team/add_member", { account_id: mate.account_id });
    await api.ctl("POST", "/invites/accept", { email_address: "faxmate@example.com" });
    const shared = (await sdkCall("faxLineAddUser", sdk.faxLine.faxLineAddUser({ number: number, accountId: mate.account_id }))).body.faxLine;
    assert.ok(shared.accounts?.some((a) => a.accountId === mate.account_id));
    assert.equal((await sdkCall("faxLineGet", sdk.faxLine.faxLineGet(number))).body.faxLine.number, number);
    assert.ok((await sdkCall("faxLineList", sdk.faxLine.faxLineList())).body.faxLines.some((l) => l.number === number));

    const pdf = makePdf({ pages: [{ texts: [{ x: 72, y: 700, text: "Fax" }] }] });
    const fax = (await sdkCall("faxSend", sdk.fax.faxSend({ recipient: "+14155550100", sender: number, files: [sdkFile(pdf)], testMode: true, title: "Invoice" }))).body.fax;
    assert.equal(fax.title, "Invoice");
    assert.deepEqual(fax.metadata, {});
    assert.equal(fax.transmissions[0].recipient, "+14155550100");
    assert.equal(fax.transmissions[0].statusCode, "success");
    assert.equal(typeof fax.transmissions[0].sentAt, "number");
    assert.equal((await sdkCall("faxGet", sdk.fax.faxGet(fax.faxId!))).body.fax.faxId, fax.faxId);
    assert.deepEqual((await sdkCall("faxList", sdk.fax.faxList(1, 20))).body.faxes.map((f) => f.faxId), [fax.faxId]);
    await sdkCall("faxDelete", sdk.fax.faxDelete(fax.faxId!));
    assert.equal((await api.get(`/fax/${fax.faxId}`)).status, 404);

    await sdkCall("faxLineRemoveUser", sdk.faxLine.faxLineRemoveUser({ number: number, accountId: mate.account_id }));
    await sdkCall("faxLineDelete", sdk.faxLine.faxLineDelete({ number: number }));
    assert.equal((await api.get("/fax_line", { query: { number: number } })).status, 404);
  });

  it("report: the SDK asks for a report", async () => {
    const d = new Date();
    const today = `${String(d.getUTCMonth() + 1).padStart(2, "0")}/${String(d.getUTCDate()).padStart(2, "0")}/${d.getUTCFullYear()}`;
    const report = (await sdkCall("reportCreate", sdk.report.reportCreate({ startDate: today, endDate: today, reportType: [ReportCreateRequest.ReportTypeEnum.UserActivity] }))).body.report;
    assert.deepEqual(report.reportType, ["user_activity"]);
    assert.equal(report.startDate, today);
    assert.equal(typeof report.success, "string");
  });
});
