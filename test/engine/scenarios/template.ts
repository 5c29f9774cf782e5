/**
 * Template and TemplateAccess through the real engine, against the local service or a real
 * account (target.ts): asynchronous creation awaited, in test mode where the target has it,
 * a new title replaced (D123), a file change replaced through update_files (old template removed),
 * a template_error reported with its reason, bad input at preview, destroy. Access can only be
 * given to an accepted team member, which only the local service can make during a run, so the
 * access steps are local only.
 */
import * as assert from "assert";
import * as path from "path";
import * as esign from "../../../provider";
import { changes, newStack, repoRoot, TestStack } from "../support/engine";
import { withoutRequests, type ScenarioSession, type ScenarioTarget } from "./target";

const file = (name: string) => path.join(repoRoot, "examples", "files", name);

const fields = [{ documentIndex: 0, apiId: "sig", name: "Signature", type: "signature", required: true, signer: 0, page: 1, x: 100, y: 600, width: 200, height: 40 }];

export function templateScenario(target: ScenarioTarget): void {
  describe(`${target.label}: Template and TemplateAccess`, function () {
    this.timeout(600_000);
    let s: ScenarioSession;
    let t: TestStack;
    let withTemplate = false;
    let title: string;
    let files = [file("nda.pdf")];
    let alice: string;
    const made = target.local ? 2 : 1;

    before(async () => {
      s = await target.open();
      alice = s.email("alice");
      title = s.name("NDA");
      t = await newStack(
        "template",
        () => {
          const team = target.local ? new esign.Team("team", { name: s.name("Legal") }) : undefined;
          const member = team && new esign.TeamMember("alice", { teamId: team.teamId, emailAddress: alice }, { dependsOn: [team] });
          if (!withTemplate) return {};
          const template = new esign.Template("nda", { title, files, signerRoles: [{ name: "Client", order: 0 }], formFieldsPerDocument: fields, testMode: s.testMode || undefined });
          if (member) new esign.TemplateAccess("nda:alice", { templateId: template.templateId, emailAddress: alice }, { dependsOn: [member] });
          return { templateId: template.templateId };
        },
        { config: s.stackConfig() },
      );
      // The stack exists before the steps (its own resource is not counted in their changes).
      await t.stack.up();
      if (target.local) {
        // Access can only be given to accounts on the caller's team: alice accepts first.
        await s.local!.control("POST", "/invites/accept", { email_address: alice });
      }
      withTemplate = true;
    });
    after(async () => {
      await t?.dispose();
      await s?.close();
    });

    const hasAlice = (template: any) => template.accounts.some((a: any) => a.email_address === alice);

    it("creates the template, waits until it is ready (and gives access)", async () => {
      const preview = await withoutRequests(s, () => t.stack.preview());
      assert.strictEqual(preview.changeSummary.create, made);
      const up = await t.stack.up();
      assert.deepStrictEqual(changes(up.summary), { create: made });
      const id = up.outputs.templateId.value;
      const template = (await s.api.get(`/template/${id}`)).data.template;
      assert.strictEqual(template.title, s.name("NDA"));
      if (target.local) assert.ok(hasAlice(template));
      assert.strictEqual((await s.api.get(`/template/files_as_file_url/${id}`)).status, 200, "ready, not processing");
      await withoutRequests(s, () => t.stack.preview({ expectNoChanges: true }));
    });

    it("replaces the template for a new title (no documented operation changes it in place: D123); the access follows", async () => {
      const oldId = (await t.stack.outputs()).templateId.value;
      title = s.name("Mutual NDA");
      const preview = await t.stack.preview();
      assert.strictEqual(preview.changeSummary.replace, made, "the template and, with its id, the access");
      assert.ok(!preview.changeSummary.update);
      const up = await t.stack.up();
      const newId = up.outputs.templateId.value;
      assert.notStrictEqual(newId, oldId);
      const template = (await s.api.get(`/template/${newId}`)).data.template;
      assert.strictEqual(template.title, s.name("Mutual NDA"));
      if (target.local) assert.ok(hasAlice(template), "access moved to the new template");
      assert.strictEqual((await s.api.get(`/template/${oldId}`)).status, 404, "the old template is gone");
      await t.stack.preview({ expectNoChanges: true });
    });

    it("replaces a file change through update_files and removes the old template", async () => {
      const oldId = (await t.stack.outputs()).templateId.value;
      files = [file("nda-v2.pdf")];
      const preview = await t.stack.preview();
      assert.strictEqual(preview.changeSummary.replace, made, "the template and, with its id, the access");
      const seq = s.local ? await s.local.lastSeq() : 0;
      const up = await t.stack.up();
      const newId = up.outputs.templateId.value;
      assert.notStrictEqual(newId, oldId);
      if (s.local) {
        const calls = await s.local.requestsSince(seq);
        assert.ok(
          calls.some((c) => c.method === "POST" && c.path === `/v3/template/update_files/${oldId}`),
          "went through update_files",
        );
        assert.ok(!calls.some((c) => c.path === "/v3/template/create"), "no fresh template");
      }
      assert.strictEqual((await s.api.get(`/template/${oldId}`)).status, 404, "the old template is gone");
      if (target.local) assert.ok(hasAlice((await s.api.get(`/template/${newId}`)).data.template), "access moved to the new template");
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

    if (target.local) {
      it("finds access removed through the API and gives it again", async () => {
        const id = (await t.stack.outputs()).templateId.value;
        assert.strictEqual((await s.api.post(`/template/remove_user/${id}`, { email_address: alice })).status, 200);
        const refresh = await t.stack.refresh();
        assert.strictEqual(refresh.summary.resourceChanges?.delete, 1);
        const up = await t.stack.up();
        assert.deepStrictEqual(changes(up.summary), { create: 1 });
        assert.ok(hasAlice((await s.api.get(`/template/${id}`)).data.template));
      });
    }

    it("rejects a template without signer roles at preview, with zero requests", async () => {
      const bad = await newStack(
        "template-bad",
        () => {
          new esign.Template("bad", { title: s.name("x"), files: [file("nda.pdf")], signerRoles: [], formFieldsPerDocument: fields, subject: "s".repeat(201) });
        },
        { config: s.stackConfig() },
      );
      try {
        await withoutRequests(s, () => assert.rejects(bad.stack.preview(), (e: Error) => /signerRoles/.test(e.message) && /subject/.test(e.message) && /at most 200/.test(e.message)));
      } finally {
        await bad.dispose();
      }
    });

    it("destroy deletes the template", async () => {
      const id = (await t.stack.outputs()).templateId.value;
      await t.stack.destroy();
      assert.strictEqual((await s.api.get(`/template/${id}`)).status, 404);
    });
  });
}
