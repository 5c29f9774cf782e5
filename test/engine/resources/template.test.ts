/**
 * Template and TemplateAccess through the real engine: asynchronous creation awaited, title
 * updated in place, a file change replaced through update_files (old template removed), a
 * template_error reported with its reason, access drift found by refresh, destroy.
 */
import * as assert from "assert";
import * as path from "path";
import * as esign from "../../../provider";
import { changes, newStack, repoRoot, TestStack } from "../support/engine";
import { api, localService, LocalService } from "../../support/local";

const file = (name: string) => path.join(repoRoot, "examples", "files", name);

const fields = [{ documentIndex: 0, apiId: "sig", name: "Signature", type: "signature", required: true, signer: 0, page: 1, x: 100, y: 600, width: 200, height: 40 }];

describe("engine: Template and TemplateAccess", function () {
  this.timeout(600_000);
  let svc: LocalService;
  let t: TestStack;
  let withTemplate = false;
  let title = "NDA";
  let files = [file("nda.pdf")];

  before(async () => {
    svc = await localService();
    t = await newStack(
      "template",
      () => {
        const team = new esign.Team("team", { name: "Legal" });
        const alice = new esign.TeamMember("alice", { teamId: team.teamId, emailAddress: "alice@example.com" }, { dependsOn: [team] });
        if (!withTemplate) return {};
        const template = new esign.Template("nda", { title, files, signerRoles: [{ name: "Client", order: 0 }], formFieldsPerDocument: fields });
        new esign.TemplateAccess("nda:alice", { templateId: template.templateId, emailAddress: "alice@example.com" }, { dependsOn: [alice] });
        return { templateId: template.templateId };
      },
      { config: svc.stackConfig() },
    );
    await t.stack.up();
    // Access can only be given to accounts on the caller's team: alice accepts first.
    await svc.control("POST", "/invites/accept", { email_address: "alice@example.com" });
    withTemplate = true;
  });
  after(async () => {
    await t?.dispose();
    await svc?.close();
  });

  it("creates the template, waits until it is ready, and gives access", async () => {
    const seq = await svc.lastSeq();
    const preview = await t.stack.preview();
    assert.strictEqual(preview.changeSummary.create, 2);
    assert.deepStrictEqual(await svc.requestsSince(seq), []);
    const up = await t.stack.up();
    assert.deepStrictEqual(changes(up.summary), { create: 2 });
    const id = up.outputs.templateId.value;
    const template = (await api(svc).get(`/template/${id}`)).data.template;
    assert.strictEqual(template.title, "NDA");
    assert.ok(template.accounts.some((a: any) => a.email_address === "alice@example.com"));
    assert.strictEqual((await api(svc).get(`/template/files_as_file_url/${id}`)).status, 200, "ready, not processing");
    const seq2 = await svc.lastSeq();
    await t.stack.preview({ expectNoChanges: true });
    assert.deepStrictEqual(await svc.requestsSince(seq2), []);
  });

  it("updates the title in place", async () => {
    title = "Mutual NDA";
    const preview = await t.stack.preview();
    assert.strictEqual(preview.changeSummary.update, 1);
    assert.ok(!preview.changeSummary.replace);
    const up = await t.stack.up();
    assert.strictEqual((await api(svc).get(`/template/${up.outputs.templateId.value}`)).data.template.title, "Mutual NDA");
  });

  it("replaces a file change through update_files and removes the old template", async () => {
    const oldId = (await t.stack.outputs()).templateId.value;
    files = [file("nda-v2.pdf")];
    const preview = await t.stack.preview();
    assert.strictEqual(preview.changeSummary.replace, 2, "the template and, with its id, the access");
    const seq = await svc.lastSeq();
    const up = await t.stack.up();
    const newId = up.outputs.templateId.value;
    assert.notStrictEqual(newId, oldId);
    const calls = await svc.requestsSince(seq);
    assert.ok(
      calls.some((c) => c.method === "POST" && c.path === `/v3/template/update_files/${oldId}`),
      "went through update_files",
    );
    assert.ok(!calls.some((c) => c.path === "/v3/template/create"), "no fresh template");
    assert.strictEqual((await api(svc).get(`/template/${oldId}`)).status, 404, "the old template is gone");
    const template = (await api(svc).get(`/template/${newId}`)).data.template;
    assert.ok(
      template.accounts.some((a: any) => a.email_address === "alice@example.com"),
      "access moved to the new template",
    );
    await t.stack.preview({ expectNoChanges: true });
  });

  it("fails with the service's template_error reason when the new files do not fit", async () => {
    const good = files;
    files = [file("offer-letter.pdf")]; // one page instead of two
    await assert.rejects(t.stack.up(), (e: Error) => /template_error/.test(e.message) && /page/i.test(e.message));
    files = good;
    await t.stack.refresh();
    await t.stack.up();
    await t.stack.preview({ expectNoChanges: true });
  });

  it("finds access removed outside Pulumi and gives it again", async () => {
    const id = (await t.stack.outputs()).templateId.value;
    const access = await t.resource("nda:alice");
    await svc.control("DELETE", `/templates/${id}/users/${access.accountId}`);
    const refresh = await t.stack.refresh();
    assert.strictEqual(refresh.summary.resourceChanges?.delete, 1);
    const up = await t.stack.up();
    assert.deepStrictEqual(changes(up.summary), { create: 1 });
    const template = (await api(svc).get(`/template/${id}`)).data.template;
    assert.ok(template.accounts.some((a: any) => a.email_address === "alice@example.com"));
  });

  it("rejects a template without signer roles at preview, with zero requests", async () => {
    const seq = await svc.lastSeq();
    const bad = await newStack(
      "template-bad",
      () => {
        new esign.Template("bad", { title: "x", files: [file("nda.pdf")], signerRoles: [], formFieldsPerDocument: fields, subject: "s".repeat(201) });
      },
      { config: svc.stackConfig() },
    );
    try {
      await assert.rejects(bad.stack.preview(), (e: Error) => /signerRoles/.test(e.message) && /subject/.test(e.message) && /at most 200/.test(e.message));
      assert.deepStrictEqual(await svc.requestsSince(seq), []);
    } finally {
      await bad.dispose();
    }
  });

  it("destroy deletes the template", async () => {
    const id = (await t.stack.outputs()).templateId.value;
    await t.stack.destroy();
    assert.strictEqual((await api(svc).get(`/template/${id}`)).status, 404);
  });
});
