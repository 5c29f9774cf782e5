/**
 * The account operations as recorded (S-keys of real-service-evidence.md on each test):
 * POST /account/verify, GET /account's role_code, PUT /account's callback_url error text.
 */
import assert from "node:assert/strict";
import { Api, expectEnvelope, expectStatus, startForTest } from "../support/api";
import type { RunningService } from "../../../service";

describe("service: account as recorded", function () {
  this.timeout(20_000);
  let svc: RunningService;
  let api: Api;
  before(async () => ({ svc, api } = await startForTest({ autoAcceptInvites: true })));
  after(() => svc.close());

  // S1 testIsAccountInvalid.json ({}), testIsAccountValid.json ({"account":{"email_address":...}}); S11 AccountVerifyNotFoundResponse.json; S3 AccountTest::testIsAccountValid (no error status)
  it("POST /account/verify: {} for an unknown address, {account: {email_address}} for a known one", async () => {
    const known = await api.newAccount({ email_address: "Known.Person@example.com" });
    const found = await api.post("/account/verify", { email_address: "known.person@example.com" });
    expectStatus(found, 200);
    assert.deepEqual(found.body, { account: { email_address: known.email_address } });
    const unknown = await api.post("/account/verify", { email_address: "nobody@example.com" });
    expectStatus(unknown, 200);
    assert.deepEqual(unknown.body, {});
    const form = await api.req("POST", "/account/verify", { urlencoded: "email_address=nobody%40example.com" });
    expectStatus(form, 200);
    const invalid = await api.post("/account/verify", { email_address: "not an address" });
    expectEnvelope(invalid, 400, "bad_request");
    assert.equal(invalid.body.error.error_path, "email_address");
  });

  // Evidence section 9, finding 7 (S20, a third-party golden): 403 forbidden with this text. It replaces
  // our earlier guess (402 payment_required, from the legacy reference's "restricted to paid API users").
  it("POST /account/verify is refused without a paid API plan: 403 forbidden, the recorded text", async () => {
    const free = await api.newAccount({ plan: "free" });
    const r = await free.api.post("/account/verify", { email_address: "dev@example.com" });
    assert.equal(r.status, 403);
    assert.deepEqual(r.body, { error: { error_msg: "A paid API plan is required to access this endpoint", error_name: "forbidden" } });
  });

  // S1 testGetAccount.json (role_code "a" for a team admin), testGetTeam.json ("a", "m"); null without a team (S1 testSetAccountCallback.json shape)
  it("GET /account role_code: null without a team, a for an Admin, d for a Developer (our code)", async () => {
    const before = await api.get("/account");
    assert.equal(before.body.account.role_code, null);
    expectStatus(await api.post("/team/create", { name: "Codes" }), 200);
    assert.equal((await api.get("/account")).body.account.role_code, "a");
    const dev = await api.newAccount({ email_address: "dev2@example.com" });
    const teamId = (await api.get("/team/info")).body.team.team_id;
    expectStatus(await api.put("/team/add_member", { account_id: dev.account_id, role: "Developer" }, { query: { team_id: teamId } }), 200);
    assert.equal((await dev.api.get("/account")).body.account.role_code, "d");
    assert.equal((await api.get("/account", { query: { account_id: dev.account_id } })).body.account.role_code, "d");
  });

  // S1 testSetAccountCallbackInvalid.json: {"error":{"error_msg":"Invalid url for callback_url : foo","error_name":"bad_request"}}; S4 (BadRequest)
  it("PUT /account with an invalid callback_url: 'Invalid url for callback_url : foo'", async () => {
    const r = await api.put("/account", { callback_url: "foo" });
    expectEnvelope(r, 400, "bad_request");
    assert.equal(r.body.error.error_msg, "Invalid url for callback_url : foo");
  });
});
