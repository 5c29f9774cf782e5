/**
 * The unmanaged part of the drift report (provider/cli/drift-unmanaged.ts) against the in-process
 * service: what the stack's state manages is left out, everything else is listed once, `ignore`
 * patterns leave objects out, the sets' removals mark rows "removes it", and the whole listing
 * costs one read per kind (counted in the service's request log).
 */
import * as assert from "assert";
import { EsignClient } from "../../../provider/client";
import { managedOf, unmanagedObjects, type StateResource } from "../../../provider/cli/drift-unmanaged";
import { driftExitCode } from "../../../provider/cli/drift-format";
import { ProviderHarness } from "../support/harness";
import { ndaTemplate } from "../support/fixtures";

describe("drift report: unmanaged objects", () => {
  let h: ProviderHarness;
  let client: EsignClient;
  let templateId: string;
  let number: string;
  let state: StateResource[];

  before(async () => {
    h = await ProviderHarness.start();
    client = new EsignClient({ apiKey: h.svc.apiKey, baseUrl: h.svc.baseUrl });
    const team = await h.resource("Team").create({ name: "Acme" });
    const alice = await h.resource("TeamMember").create({ emailAddress: "alice@example.com" });
    await h.control("POST", "/invites/accept", { email_address: "alice@example.com" });
    const template = await h.resource("Template").create(ndaTemplate());
    templateId = template.id;
    const line = await h.resource("FaxLine").create({ areaCode: 415, country: "US" });
    number = line.id;
    const app = await h.resource("ApiApp").create({ name: "Portal", domains: ["portal.example"] });
    state = [
      { type: "esign:index:Team", outputs: team.outs },
      { type: "esign:index:TeamMember", outputs: alice.outs },
      { type: "esign:index:Template", outputs: template.outs },
      { type: "esign:index:FaxLine", outputs: line.outs },
      { type: "pulumi-nodejs:dynamic:Resource", outputs: { ...app.outs, __provider: "esign:ApiApp" } },
      { type: "esign:index:ApiApp", outputs: app.outs },
    ];
    // The web UI's stand-ins, with the owner's key.
    await client.team.addMember({ email_address: "bob@example.com" } as never, {});
    await h.control("POST", "/invites/accept", { email_address: "bob@example.com" });
    await client.team.addMember({ email_address: "ivy@example.com" } as never, {});
    await client.template.addUser(templateId, { email_address: "bob@example.com" } as never);
    await client.faxLine.addUser({ number, email_address: "bob@example.com" } as never);
    await client.apiApp.create({ name: "Shadow", domains: ["shadow.example"] } as never);
  });
  after(async () => h?.close());

  it("lists each unmanaged object once, from one read per kind", async () => {
    const since = h.mark();
    const rows = await unmanagedObjects(client, managedOf(state));
    const calls = h.requestsSince(since).map((e) => `${e.method} ${e.path.replace(/\?.*/, "")}`);
    assert.deepStrictEqual(
      rows.map((u) => [u.collection, u.what, u.name, u.action]),
      [
        ["members", "team member", "bob@example.com", "nothing"],
        ["members", "open invitation", "ivy@example.com", "nothing"],
        ["apiApps", "API app", "Shadow", "nothing"],
        ["templates.access", "template user", "bob@example.com", "nothing"],
        ["faxLines.users", "fax line user", "bob@example.com", "nothing"],
      ],
    );
    assert.deepStrictEqual(calls, ["GET /v3/account", "GET /v3/team", "GET /v3/team/invites", "GET /v3/api_app/list", "GET /v3/template/list", "GET /v3/fax_line/list"]);
    assert.strictEqual(driftExitCode([], rows), 3);
  });

  it("declared grants and set lists count as managed; ignore patterns leave objects out", async () => {
    const declared: StateResource[] = [
      ...state,
      { type: "esign:index:TemplateAccess", inputs: { templateId, emailAddress: "BOB@example.com" } },
      { type: "esign:index:FaxLineUserSet", inputs: { number, users: ["bob@example.com"] } },
    ];
    const rows = await unmanagedObjects(client, managedOf(declared), { members: ["*@EXAMPLE.com"], apiApps: ["Sha*"] });
    assert.deepStrictEqual(rows, []);
    assert.strictEqual(driftExitCode([], rows), 0);
  });

  it("what an authoritative set removes is marked, and counts as drift (exit 2)", async () => {
    const rows = await unmanagedObjects(client, managedOf(state), {}, new Map([["members", new Set(["bob@example.com"])]]));
    assert.deepStrictEqual(
      rows.filter((u) => u.collection === "members").map((u) => [u.name, u.action]),
      [
        ["bob@example.com", "removes it"],
        ["ivy@example.com", "nothing"],
      ],
    );
    assert.strictEqual(driftExitCode([], rows), 2);
  });
});
