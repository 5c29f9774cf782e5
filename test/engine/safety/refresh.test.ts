/**
 * No spurious diffs after refresh: values the provider filled in (an app's
 * client id, a template id, a member's account id and role) are not shown as removed by the
 * next change, and Team / Template / FaxLine carry no copy of who is on them (TeamMember,
 * TemplateAccess and FaxLineUser hold that), so nothing goes stale or shifts by position.
 */
import * as assert from "assert";
import * as path from "path";
import * as esign from "../../../provider";
import { changes, newStack, repoRoot, TestStack } from "../support/engine";
import { localService, LocalService } from "../../support/local";

const fields = [{ documentIndex: 0, apiId: "sig", name: "Signature", type: "signature", required: true, signer: 0, page: 1, x: 100, y: 600, width: 200, height: 40 }];

describe("engine: refresh leaves no noise (safety)", function () {
  this.timeout(600_000);
  let svc: LocalService;
  let t: TestStack;
  let appName = "Portal";
  let people = ["alice@example.com", "bob@example.com", "carol@example.com"];

  before(async () => {
    svc = await localService({ autoAcceptInvites: true });
    t = await newStack(
      "safety-refresh",
      () => {
        new esign.ApiApp("app", { name: appName, domains: ["portal.example.com"] });
        const team = new esign.Team("team", { name: "Ops" });
        const template = new esign.Template("nda", {
          title: "NDA",
          files: [path.join(repoRoot, "examples", "files", "nda.pdf")],
          signerRoles: [{ name: "Client", order: 0 }],
          formFieldsPerDocument: fields,
        });
        const line = new esign.FaxLine("line", { areaCode: 415, country: "US" });
        for (const email of people) {
          const member = new esign.TeamMember(`member:${email}`, { teamId: team.teamId, emailAddress: email }, { dependsOn: [team] });
          new esign.TemplateAccess(`nda:${email}`, { templateId: template.templateId, emailAddress: email }, { dependsOn: [member] });
          new esign.FaxLineUser(`line:${email}`, { number: line.number, emailAddress: email }, { dependsOn: [member] });
        }
      },
      { config: svc.stackConfig() },
    );
    await t.stack.up();
    // A member leaves (with their grants): the lists that used to be outputs shift by position.
    people = ["bob@example.com", "carol@example.com"];
    await t.stack.up();
  });
  after(async () => {
    await t?.dispose();
    await svc?.close();
  });

  it("after refresh, a small change previews only that change", async () => {
    const refresh = await t.stack.refresh();
    assert.deepStrictEqual(changes(refresh.summary), {}, "refresh finds nothing to change");
    await t.stack.preview({ expectNoChanges: true });
    // (A template's title is no longer an in-place change: its replace is template-texts.test.ts's, D123.)
    appName = "Customer portal";
    const preview = await t.stack.preview({ diff: true });
    assert.deepStrictEqual(changes({ resourceChanges: preview.changeSummary }), { update: 1 });
    const removed = preview.stdout.split("\n").filter((l) => /^\s*-\s+\w+:/.test(l));
    assert.deepStrictEqual(removed, [], `no property shown as removed in:\n${preview.stdout}`);
    assert.match(preview.stdout, /~ name\s*: "Portal" => "Customer portal"/);
    assert.ok(!/clientId|templateId|accountId|accounts/.test(preview.stdout), `no id or account lists in:\n${preview.stdout}`);
    await t.stack.up();
    await t.stack.preview({ refresh: true, expectNoChanges: true });
  });

  it("Team, Template and FaxLine hold no copy of who is on them", async () => {
    for (const name of ["team", "nda", "line"]) {
      const outputs = await t.resource(name);
      assert.ok(!("accounts" in outputs), `${name} has no accounts output`);
      assert.ok(!("invitedAccounts" in outputs) && !("invitedEmails" in outputs), `${name} has no invitee lists`);
    }
    assert.strictEqual((await t.resource("member:bob@example.com")).status, "member");
  });
});
