/**
 * A rename never deletes the object. A new logical name for the same member
 * or grant, or for an app that the new name adopts (`adopt: true`), makes the engine create the
 * new name (which takes the existing object over) and then delete the old one: that delete must
 * keep the object. An app renamed without aliases or adopt stops the preview in one line naming
 * the alias to add (its name is this stack's app: D125). A rename with `aliases` previews as no
 * change at all.
 */
import * as assert from "assert";
import * as path from "path";
import * as esign from "../../../provider";
import { changes, newStack, repoRoot, TestStack } from "../support/engine";
import { api, localService, LocalService } from "../../support/local";

const fields = [{ documentIndex: 0, apiId: "sig", name: "Signature", type: "signature", required: true, signer: 0, page: 1, x: 100, y: 600, width: 200, height: 40 }];

describe("engine: a rename keeps the object (safety)", function () {
  this.timeout(600_000);
  let svc: LocalService;
  let t: TestStack;
  let grants = false;
  /** Logical names and how alice is named: the program of every step. */
  let appName = "app:portal";
  let appAliases: string[] = [];
  let adoptApp = false;
  let alice: { emailAddress: string } | { accountId: string } = { emailAddress: "alice@example.com" };
  const key = (who: typeof alice) => ("accountId" in who ? who.accountId : who.emailAddress);

  before(async () => {
    svc = await localService();
    t = await newStack(
      "safety-rename",
      () => {
        new esign.ApiApp(appName, { name: "Portal", domains: ["portal.example.com"], ...(adoptApp ? { adopt: true } : {}) }, { aliases: appAliases.map((name) => ({ name })) });
        const team = new esign.Team("team", { name: "Ops" });
        const member = new esign.TeamMember(`member:${key(alice)}`, { teamId: team.teamId, ...alice, role: "Admin" }, { dependsOn: [team] });
        if (!grants) return {};
        const line = new esign.FaxLine("line", { areaCode: 415, country: "US" });
        new esign.FaxLineUser(`line:user:${key(alice)}`, { number: line.number, ...alice }, { dependsOn: [member] });
        const template = new esign.Template("nda", {
          title: "NDA",
          files: [path.join(repoRoot, "examples", "files", "nda.pdf")],
          signerRoles: [{ name: "Client", order: 0 }],
          formFieldsPerDocument: fields,
        });
        new esign.TemplateAccess(`nda:access:${key(alice)}`, { templateId: template.templateId, ...alice }, { dependsOn: [member] });
        return { number: line.number, templateId: template.templateId };
      },
      { config: svc.stackConfig() },
    );
    await t.stack.up();
    // Grants need an accepted teammate.
    await svc.control("POST", "/invites/accept", { email_address: "alice@example.com" });
    grants = true;
    await t.stack.up({ refresh: true }); // the refresh sees alice's account id
  });
  after(async () => {
    await t?.dispose();
    await svc?.close();
  });

  it("renaming an API app's logical name without aliases stops the preview in one line naming the alias (D125)", async () => {
    appName = "app:customer-portal";
    const seq = await svc.lastSeq();
    await assert.rejects(t.stack.preview({ diff: true }), (e: Error) =>
      /the stack already holds API app "Portal" as "app:portal": .*\(aliases: \[\{ name: "app:portal" \}\] in a program\)/.test(e.message),
    );
    assert.deepStrictEqual(
      (await svc.requestsSince(seq)).filter((r) => r.method !== "GET"),
      [],
    );
    appName = "app:portal";
  });

  it("renaming an API app's logical name with adopt: true takes the app over and keeps it", async () => {
    const clientId = (await t.resource("app:portal")).clientId;
    appName = "app:customer-portal";
    adoptApp = true;
    const up = await t.stack.up();
    assert.deepStrictEqual(changes(up.summary), { create: 1, delete: 1 });
    assert.strictEqual((await api(svc).get(`/api_app/${clientId}`)).status, 200, "the app still exists");
    assert.strictEqual((await t.resource("app:customer-portal")).clientId, clientId, "the new name holds the same app");
    await t.stack.preview({ refresh: true, expectNoChanges: true });
  });

  it("switching a member and their grants from e-mail to account id keeps them", async () => {
    const before = await t.resource("member:alice@example.com");
    const { number, templateId } = (await t.stack.outputs()) as any;
    assert.ok(before.accountId, "alice has an account id");
    alice = { accountId: before.accountId };
    const up = await t.stack.up();
    assert.deepStrictEqual(changes(up.summary), { create: 3, delete: 3 });
    const members = (await api(svc).get(`/team/members/${before.teamId}`)).data;
    const list = members.team_members ?? members.members;
    assert.ok(
      list.some((m: any) => m.account_id === before.accountId),
      "alice is still on the team",
    );
    const line = (await api(svc).get("/fax_line", { params: { number: number.value } })).data.fax_line;
    assert.ok(
      line.accounts.some((a: any) => a.account_id === before.accountId),
      "alice still uses the fax line",
    );
    const template = (await api(svc).get(`/template/${templateId.value}`)).data.template;
    assert.ok(
      template.accounts.some((a: any) => a.account_id === before.accountId),
      "alice still has the template",
    );
    assert.strictEqual((await t.resource(`member:${before.accountId}`)).status, "member");
    await t.stack.preview({ refresh: true, expectNoChanges: true });
  });

  it("a rename with aliases previews as no change at all", async () => {
    appAliases = [appName];
    appName = "app:portal-renamed";
    const preview = await t.stack.preview();
    assert.deepStrictEqual(changes({ resourceChanges: preview.changeSummary }), {});
    await t.stack.preview({ expectNoChanges: true });
    const up = await t.stack.up();
    assert.deepStrictEqual(changes(up.summary), {});
    assert.ok(await t.resource("app:portal-renamed"));
  });
});
