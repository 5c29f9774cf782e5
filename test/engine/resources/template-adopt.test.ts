/**
 * A template adopted by templateId, through the real engine: declared texts unlike the
 * template's are refused in one line naming the field and the ways out (no documented operation
 * changes them: D123); the adoption is a warning naming it; after `up`,
 * `preview --refresh --expect-no-changes` passes; a web-UI edit of a field the program does not
 * declare (metadata) is no change; a cleared message is named by the preview with the ways out,
 * and with esign:legacyTemplateUpdate on a service without the hidden route the `up` says so in
 * one line (never "gone") and the state keeps what the service holds; a content change in the
 * program is refused at preview, naming the property and the reason, and the template is never
 * replaced (so never deleted).
 */
import * as assert from "assert";
import * as path from "path";
import * as esign from "../../../provider";
import { newStack, repoRoot, TestStack } from "../support/engine";
import { api, localService, LocalService } from "../../support/local";

const fields = [{ documentIndex: 0, apiId: "sig", name: "Signature", type: "signature", required: true, signer: 0, page: 1, x: 100, y: 600, width: 200, height: 40 }];

describe("engine: Template adopted by templateId", function () {
  this.timeout(600_000);
  let svc: LocalService;
  let maker: TestStack;
  let t: TestStack;
  let templateId: string;
  let signerRoles = [{ name: "Client", order: 0 }];
  let title = "Mutual NDA";
  let message = "Please sign";

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
        const nda = new esign.Template("nda", { templateId, title, message, signerRoles, formFieldsPerDocument: fields });
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

  it("refuses a declared title unlike the template's, naming it and the ways out; adopts as declared with a warning; then refresh shows no change", async () => {
    const seq = await svc.lastSeq();
    await assert.rejects(t.stack.up(), (e: Error) => /title "Mutual NDA" is not the template's "NDA": .*web UI.*esign:legacyTemplateUpdate/.test(e.message));
    assert.deepStrictEqual(
      (await svc.requestsSince(seq)).filter((r) => r.method !== "GET"),
      [],
      "nothing written",
    );
    title = "NDA";
    let output = "";
    const up = await t.stack.up({ onOutput: (s) => (output += s) });
    assert.strictEqual(up.outputs.templateId.value, templateId);
    assert.match(output, new RegExp(`warning: esign: Template adopted template "NDA" \\(${templateId}\\) \\(templateId was given\\)`));
    await t.stack.preview({ refresh: true, expectNoChanges: true });
  });

  it("undeclared metadata edited in the web UI is no change; a cleared message is named with the ways out; the opted-in route's absence is one line", async () => {
    await svc.control("PATCH", `/templates/${templateId}`, { metadata: { owner: "legal" } });
    await t.stack.preview({ refresh: true, expectNoChanges: true });
    await svc.control("PATCH", `/templates/${templateId}`, { message: "" });
    await assert.rejects(t.stack.preview({ refresh: true }), (e: Error) => /message changed: .*web UI.*esign:legacyTemplateUpdate/.test(e.message));
    await svc.control("PATCH", `/templates/${templateId}`, { message: "Please sign" }); // set back in the web UI
    await t.stack.preview({ refresh: true, expectNoChanges: true });
    // Opted in, on a service without the hidden route (the default dialect): a text change of the program.
    message = "Please sign now";
    await t.stack.setConfig("esign:legacyTemplateUpdate", { value: "true" });
    try {
      await assert.rejects(
        t.stack.up(),
        (e: Error) => /does not serve POST \/template\/update\/\{template_id\} \(404\).*esign:legacyTemplateUpdate/.test(e.message) && !/gone from the service/.test(e.message),
      );
    } finally {
      await t.stack.removeConfig("esign:legacyTemplateUpdate");
      message = "Please sign";
    }
    assert.strictEqual((await api(svc).get(`/template/${templateId}`)).data.template.message, "Please sign", "nothing changed");
    assert.strictEqual((await t.resource("nda")).message, "Please sign", "the state holds what the service holds");
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
