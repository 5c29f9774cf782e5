/**
 * Invite and grant in one run: on a service where invitations wait for the
 * person (no --auto-accept-invites), template access and fax line use for a new hire do not
 * fail `up`. They are recorded as pending with a warning naming the person, and the merge
 * job's `pulumi up --refresh` grants them once the invitation is accepted.
 */
import * as assert from "assert";
import * as path from "path";
import * as esign from "../../../provider";
import { changes, newStack, repoRoot, TestStack } from "../support/engine";
import { api, localService, LocalService } from "../../support/local";

const fields = [{ documentIndex: 0, apiId: "sig", name: "Signature", type: "signature", required: true, signer: 0, page: 1, x: 100, y: 600, width: 200, height: 40 }];

describe("engine: grants for a pending invitation (safety)", function () {
  this.timeout(600_000);
  let svc: LocalService;
  let t: TestStack;

  before(async () => {
    svc = await localService({ autoAcceptInvites: false });
    t = await newStack(
      "safety-pending",
      () => {
        const team = new esign.Team("team", { name: "Ops" });
        const carol = new esign.TeamMember("member:carol", { teamId: team.teamId, emailAddress: "carol@example.com" }, { dependsOn: [team] });
        const line = new esign.FaxLine("line", { areaCode: 415, country: "US" });
        const user = new esign.FaxLineUser("line:carol", { number: line.number, emailAddress: "carol@example.com" }, { dependsOn: [carol] });
        const template = new esign.Template("nda", {
          title: "NDA",
          files: [path.join(repoRoot, "examples", "files", "nda.pdf")],
          signerRoles: [{ name: "Client", order: 0 }],
          formFieldsPerDocument: fields,
        });
        const access = new esign.TemplateAccess("nda:carol", { templateId: template.templateId, emailAddress: "carol@example.com" }, { dependsOn: [carol] });
        return { number: line.number, templateId: template.templateId, lineStatus: user.status, accessStatus: access.status };
      },
      { config: svc.stackConfig() },
    );
  });
  after(async () => {
    await t?.dispose();
    await svc?.close();
  });

  it("invite + grants in one up succeeds, with the grants pending and a warning naming the person", async () => {
    let output = "";
    const up = await t.stack.up({ onOutput: (s) => (output += s) });
    assert.strictEqual(up.summary.result, "succeeded");
    assert.deepStrictEqual(changes(up.summary), { create: 7 }); // six resources and the stack
    assert.strictEqual(up.outputs.lineStatus.value, "pending");
    assert.strictEqual(up.outputs.accessStatus.value, "pending");
    if (process.env.SHOW_OUTPUT) console.log(output);
    const warnings = output.split("\n").filter((l) => /warning: esign: .*carol@example\.com.*pending/.test(l));
    assert.ok(
      warnings.some((l) => l.includes(`fax line ${up.outputs.number.value}`)),
      `a warning for the fax line in:\n${output}`,
    );
    assert.ok(
      warnings.some((l) => l.includes(`template ${up.outputs.templateId.value}`)),
      `a warning for the template in:\n${output}`,
    );
    assert.ok(
      warnings.every((l) => l.includes("pulumi up --refresh")),
      "the warning says what converges",
    );
    // Nothing was granted yet, and nothing changes while carol has not accepted.
    const line = (await api(svc).get("/fax_line", { params: { number: up.outputs.number.value } })).data.fax_line;
    assert.ok(!line.accounts.some((a: any) => a.email_address === "carol@example.com"));
    await t.stack.preview({ refresh: true, expectNoChanges: true });
  });

  it("while the invitation is open, later runs (plain `up`, `up --refresh`) change nothing and print no warning (docs/gitops.md)", async () => {
    for (const refresh of [false, true]) {
      let output = "";
      const up = await t.stack.up({ refresh, onOutput: (s) => (output += s) });
      assert.deepStrictEqual(changes(up.summary), {}, `refresh: ${refresh}`);
      assert.strictEqual(up.outputs.lineStatus.value, "pending");
      assert.ok(!/warning: esign: .*pending/.test(output), `no pending warning (refresh: ${refresh}) in:\n${output}`);
    }
  });

  it("after carol accepts, `up --refresh` grants both, then nothing is left to do", async () => {
    await svc.control("POST", "/invites/accept", { email_address: "carol@example.com" });
    const up = await t.stack.up({ refresh: true });
    assert.strictEqual(up.outputs.lineStatus.value, "granted");
    assert.strictEqual(up.outputs.accessStatus.value, "granted");
    const line = (await api(svc).get("/fax_line", { params: { number: up.outputs.number.value } })).data.fax_line;
    assert.ok(
      line.accounts.some((a: any) => a.email_address === "carol@example.com"),
      "carol uses the fax line",
    );
    const template = (await api(svc).get(`/template/${up.outputs.templateId.value}`)).data.template;
    assert.ok(
      template.accounts.some((a: any) => a.email_address === "carol@example.com"),
      "carol has the template",
    );
    await t.stack.preview({ refresh: true, expectNoChanges: true });
  });
});
