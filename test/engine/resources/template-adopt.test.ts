/**
 * A template adopted by templateId, through the real engine: the adoption is a warning naming
 * it; after `up`, `preview --refresh --expect-no-changes` passes; a web-UI edit of a field the
 * program does not declare (metadata) is no change, a cleared message is drift set back by the
 * next `up`; a content change in the program is refused at preview, naming the property and
 * the reason, and the template is never replaced (so never deleted).
 */
import * as assert from "assert";
import * as path from "path";
import * as esign from "../../../provider";
import { changes, newStack, repoRoot, TestStack } from "../support/engine";
import { api, localService, LocalService } from "../../support/local";

const fields = [{ documentIndex: 0, apiId: "sig", name: "Signature", type: "signature", required: true, signer: 0, page: 1, x: 100, y: 600, width: 200, height: 40 }];

describe("engine: Template adopted by templateId", function () {
  this.timeout(600_000);
  let svc: LocalService;
  let maker: TestStack;
  let t: TestStack;
  let templateId: string;
  let signerRoles = [{ name: "Client", order: 0 }];

  before(async () => {
    svc = await localService();
    // The template exists before this stack: made by another one.
    maker = await newStack(
      "template-maker",
      () => {
        const nda = new esign.Template("nda", {
          title: "NDA",
          message: "Please sign",
          files: [path.join(repoRoot, "examples", "files", "nda.pdf")],
          signerRoles: [{ name: "Client", order: 0 }],
          formFieldsPerDocument: fields,
        });
        return { templateId: nda.templateId };
      },
      { config: svc.stackConfig() },
    );
    templateId = (await maker.stack.up()).outputs.templateId.value;
    t = await newStack(
      "template-adopt",
      () => {
        const nda = new esign.Template("nda", { templateId, title: "Mutual NDA", message: "Please sign", signerRoles, formFieldsPerDocument: fields });
        return { templateId: nda.templateId };
      },
      { config: svc.stackConfig() },
    );
  });
  after(async () => {
    await t?.dispose({ skipDestroy: true });
    await maker?.dispose();
    await svc?.close();
  });

  it("adopts with a warning, brings the title in line, then refresh shows no change", async () => {
    let output = "";
    const up = await t.stack.up({ onOutput: (s) => (output += s) });
    assert.strictEqual(up.outputs.templateId.value, templateId);
    assert.match(output, new RegExp(`warning: esign: Template adopted template "Mutual NDA" \\(${templateId}\\) \\(templateId was given\\)`));
    assert.strictEqual((await api(svc).get(`/template/${templateId}`)).data.template.title, "Mutual NDA");
    await t.stack.preview({ refresh: true, expectNoChanges: true });
  });

  it("a web-UI edit of undeclared metadata is no change; a cleared message is drift that up sets back", async () => {
    await svc.control("PATCH", `/templates/${templateId}`, { metadata: { owner: "legal" } });
    await t.stack.preview({ refresh: true, expectNoChanges: true });
    await svc.control("PATCH", `/templates/${templateId}`, { message: "" });
    const preview = await t.stack.preview({ refresh: true });
    assert.deepStrictEqual(changes({ resourceChanges: preview.changeSummary }), { update: 1 });
    const up = await t.stack.up({ refresh: true });
    assert.deepStrictEqual(changes(up.summary), { update: 1 });
    assert.strictEqual((await api(svc).get(`/template/${templateId}`)).data.template.message, "Please sign");
    await t.stack.preview({ refresh: true, expectNoChanges: true });
  });

  it("refuses a content change at preview, naming the property and the reason; the template stays", async () => {
    signerRoles = [
      { name: "Client", order: 0 },
      { name: "Witness", order: 1 },
    ];
    const seq = await svc.lastSeq();
    await assert.rejects(t.stack.preview(), (e: Error) => /signerRoles/.test(e.message) && /an adopted template \(templateId\) is never replaced/.test(e.message));
    await assert.rejects(t.stack.up(), /never replaced/);
    assert.deepStrictEqual(
      (await svc.requestsSince(seq)).filter((r) => r.method !== "GET"),
      [],
      "nothing written",
    );
    assert.strictEqual((await api(svc).get(`/template/${templateId}`)).status, 200, "the adopted template is still there");
  });
});
