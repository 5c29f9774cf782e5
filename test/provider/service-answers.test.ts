/**
 * What the real service says reaches the user (real-service-evidence.md §2-§4; the recorded
 * bodies in test/fixtures/recorded/), each in one line: a team Member's or Team Manager's key,
 * an app name already taken, a pending invitee's 403 on template access (a pending grant, as
 * the local service's 400 is), a team already gone on destroy, and an update of an object
 * deleted outside the stack. The local service is made to answer as the real one did through
 * its fault rules; GET /account's role_code through a tiny HTTP server (real HTTP both).
 */
import * as assert from "assert";
import { DynamicHost } from "../../provider/runtime";
import { recorded } from "../fixtures/recorded/load";
import { startTestServer } from "../client/support/http-server";
import { ProviderHarness } from "./support/harness";
import { ndaTemplate } from "./support/fixtures";
import { collectingWarnings } from "./support/warnings";

/** A fault rule answering `method path` as a recorded error did. */
function asRecorded(name: string, method: string, path: string) {
  const { status, body } = recorded(name);
  const { error_msg, error_name } = (body as { error: { error_msg: string; error_name: string } }).error;
  return { method, path, status, error_msg, error_name, count: 1 };
}

describe("fast tier: what the real service says reaches the user", () => {
  let h: ProviderHarness;
  before(async () => {
    h = (await ProviderHarness.start({ templateProcessingMs: 0 })).ignoringPinRead();
  });
  after(async () => h?.close());

  it("a Member's key (401 Unauthorized API usage) fails in one line naming the Developer or Admin role", async () => {
    h.nextRun();
    await h.control("POST", "/faults", asRecorded("error-unauthorized-api-usage-2017", "GET", "/account"));
    const error = await h
      .resource("ApiApp")
      .create({ name: "Billing", domains: ["example.com"] })
      .then(
        () => undefined,
        (e: Error) => e,
      );
    assert.ok(error, "refused");
    assert.doesNotMatch(error.message, /\n/, "one line");
    assert.match(
      error.message,
      /^ApiApp create: refused: the service refused the API key's account \(401 "Unauthorized API usage"\), and only accounts with the Developer or Admin team role may make API calls: ask a team admin to make it a Developer on the Team page, or set esign:apiKey \/ ESIGN_API_KEY to the key of an account with the Developer or Admin role$/,
    );
  });

  it("a key whose GET /account names a Member's role_code is refused before any other request", async () => {
    const seen: string[] = [];
    const server = await startTestServer((r) => {
      seen.push(`${r.method} ${r.path}`);
      const body = structuredClone(recorded("account-get-2017").body) as { account: Record<string, unknown> };
      body.account.role_code = "m";
      return { status: 200, body };
    });
    try {
      const host = new DynamicHost();
      host.configure({ get: (k) => ({ "esign:apiKey": "k-123456", "esign:baseUrl": server.baseUrl })[k], env: {} });
      const error = await host
        .resourceProvider("ApiApp")
        .create({ name: "Billing", domains: ["example.com"] })
        .then(
          () => undefined,
          (e: Error) => e,
        );
      assert.match(
        String(error?.message),
        /^ApiApp create: refused: the API key's account 112e889f8607aec37c0fcd863b0ec26da7cbc269 \(chris@hellosign.com\) is a team Member, and only accounts with the Developer or Admin team role may make API calls/,
      );
      assert.deepStrictEqual(seen, ["GET /v3/account"], "nothing but the one account read");
    } finally {
      await server.close();
    }
  });

  it("an app name already taken fails in one line naming the app, previousKeys for a renamed key first (D125), and how to take over another's", async () => {
    h.nextRun();
    await h.control("POST", "/faults", asRecorded("error-api-app-same-name-2017", "POST", "/api_app"));
    const error = await h
      .resource("ApiApp")
      .create({ name: "Billing", domains: ["example.com"] })
      .then(
        () => undefined,
        (e: Error) => e,
      );
    assert.strictEqual(
      error?.message,
      'API app "Billing": the account already has an app named "Billing" and the service refuses a second one (400 "An app with the same name already exists"): ' +
        "if it is this stack's app under a key renamed in the account file, add previousKeys: [<the old key>] to the entry (aliases in a program), which keeps it (D125); " +
        "if it is not this stack's, add adopt: true (it must have these domains) or give its clientId to manage it here; to make another app, give this one another name",
    );
  });

  it("a pending invitee's 403 on template add_user is a pending grant, as the local service's 400 is", async () => {
    h.nextRun();
    await h.resource("Team").create({ name: "Ops" });
    await h.resource("TeamMember").create({ emailAddress: "carol@example.com" });
    const template = await h.resource("Template").create(ndaTemplate());
    h.nextRun();
    await h.control("POST", "/faults", asRecorded("error-template-add-user-not-on-team-2017", "POST", `/template/add_user/${template.id}`));
    const { result, warnings } = await collectingWarnings(() => h.resource("TemplateAccess").create({ templateId: template.id, emailAddress: "carol@example.com" }));
    assert.strictEqual(result.outs.status, "pending");
    assert.match(warnings.join("\n"), /access to template \S+ for carol@example.com is pending/);
  });

  it("a team already gone is gone on destroy (400 No team to delete), and an update of it says to refresh", async () => {
    h.nextRun();
    const made = { id: "gone-team", outs: { name: "Ops", teamId: "gone-team", managingAccountId: h.svc.accountId } };
    await h.control("POST", "/faults", asRecorded("error-team-destroy-none-2017", "DELETE", "/team/destroy"));
    await h.resource("Team").delete(made.id, made.outs);
    h.nextRun();
    await h.control("POST", "/faults", asRecorded("error-team-update-none-2017", "PUT", "/team"));
    const error = await h
      .resource("Team")
      .update(made.id, made.outs, { name: "Ops 2" })
      .then(
        () => undefined,
        (e: Error) => e,
      );
    assert.match(String(error?.message), /^Team gone-team update: it is gone from the service \(deleted outside this stack\?\): run `pulumi refresh` to drop it from the state/);
  });
});
