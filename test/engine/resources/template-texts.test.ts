/**
 * A template's title, subject and message changed on a service without the hidden
 * POST /template/update/{id} (the local service's default dialect, as the description stands
 * since May 2026), through the real engine (D123): the preview says it replaces the template
 * (naming the texts) and its grants, `up` does it without the hidden route, the account then
 * holds one template with the new texts, the grants (a TemplateAccess and an authoritative
 * TemplateAccessSet) hold on the new template, and a second preview shows no change.
 */
import * as assert from "assert";
import * as path from "path";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import * as esign from "../../../provider";
import { changes, newStack, repoRoot, TestStack } from "../support/engine";
import { api, localService, type LocalService } from "../../support/local";

const fields = [{ documentIndex: 0, apiId: "sig", name: "Signature", type: "signature", required: true, signer: 0, page: 1, x: 100, y: 600, width: 200, height: 40 }];

describe("engine: a template's texts change without the hidden update route (D123)", function () {
  this.timeout(600_000);
  let svc: LocalService;
  let t: TestStack;
  let texts = { title: "NDA", subject: "Please sign", message: "Thanks" };
  const alice = "alice@acme.example";

  before(async () => {
    svc = await localService({ autoAcceptInvites: true }); // the default dialect: no /template/update
    t = await newStack(
      "template-texts",
      () => {
        const team = new esign.Team("team", { name: "Legal" });
        const member = new esign.TeamMember("alice", { teamId: team.teamId, emailAddress: alice }, { dependsOn: [team] });
        const template = new esign.Template("nda", {
          ...texts,
          files: [path.join(repoRoot, "examples", "files", "nda.pdf")],
          signerRoles: [{ name: "Client", order: 0 }],
          formFieldsPerDocument: fields,
        });
        const access = new esign.TemplateAccess("nda:alice", { templateId: template.templateId, emailAddress: alice }, { dependsOn: [member] });
        new esign.TemplateAccessSet("nda:access", { templateId: template.templateId, users: [alice] }, { dependsOn: [access] });
        return { templateId: template.templateId };
      },
      { config: svc.stackConfig() },
    );
  });
  after(async () => {
    await t?.dispose();
    await svc?.close();
  });

  const templates = async () => (await api(svc).get("/template/list")).data.templates as { template_id: string; title: string; message?: string; accounts: { email_address: string }[] }[];

  it("preview says replace, up replaces without the hidden route, the grants follow, and a second preview shows no change", async () => {
    const first = await t.stack.up();
    assert.deepStrictEqual(changes(first.summary), { create: 6 }, "stack, team, member, template, access, access set");
    const oldId = first.outputs.templateId.value;

    texts = { title: "Mutual NDA", subject: "Sign, please", message: "Thank you" };
    const steps: { name: string; op: string; diffs: string[] }[] = [];
    const onEvent = (e: EngineEvent) => {
      const m = e.resourcePreEvent?.metadata;
      if (m && m.op !== "same" && m.type !== "pulumi:pulumi:Stack") steps.push({ name: m.urn.split("::").pop()!, op: m.op, diffs: [...new Set([...(m.keys ?? []), ...(m.diffs ?? [])])].sort() });
    };
    const seq = await svc.lastSeq();
    const preview = await t.stack.preview({ onEvent });
    assert.deepStrictEqual(
      (await svc.requestsSince(seq)).filter((c) => c.method !== "GET"),
      [],
      "the preview changes nothing (the access set reads its holders: D100)",
    );
    assert.strictEqual(preview.changeSummary.replace, 3, "the template and, with its id, both grants");
    const template = steps.find((s) => s.name === "nda" && s.op === "replace");
    assert.ok(template, JSON.stringify(steps));
    assert.deepStrictEqual(template.diffs, ["message", "subject", "title"], "the preview names the texts");
    assert.ok(
      steps.some((s) => s.name === "nda:alice" && s.op === "replace"),
      JSON.stringify(steps),
    );

    const up = await t.stack.up();
    assert.deepStrictEqual(changes(up.summary), { replace: 3 });
    const calls = await svc.requestsSince(seq);
    assert.deepStrictEqual(
      calls.filter((c) => /\/template\/update\//.test(c.path)),
      [],
      "never the hidden route",
    );
    assert.ok(calls.every((c) => c.status < 500));
    const newId = up.outputs.templateId.value;
    assert.notStrictEqual(newId, oldId);

    const held = await templates();
    assert.deepStrictEqual(
      held.map((x) => x.template_id),
      [newId],
      "one template: the old one is deleted",
    );
    assert.deepStrictEqual([held[0].title, held[0].message], ["Mutual NDA", "Thank you"]);
    // The service answers no subject (as the real one: evidence §4): its own record holds it.
    const record = (await svc.control("GET", "/state")).templates[newId];
    assert.strictEqual(record.subject, "Sign, please");
    assert.ok(
      held[0].accounts.some((a) => a.email_address === alice),
      "alice may use the new template",
    );
    assert.strictEqual((await t.resource("nda:alice")).templateId, newId, "the grant names the new template");
    assert.strictEqual((await t.resource("nda:access")).templateId, newId, "the access set names the new template");

    await t.stack.preview({ expectNoChanges: true });
    await t.stack.preview({ refresh: true, expectNoChanges: true });
  });
});
