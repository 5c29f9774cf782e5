/**
 * Template's provider in process (fast tier): check, every rules-table entry of diff (files
 * compared by content), create / read / update / delete with the requests each makes, a file
 * change through update_files (D7), adoption by templateId, claims. Refresh of fields the
 * program did not declare is left to identity.test.ts beside this file (it is changing).
 */
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { ProviderHarness, type Created } from "../../support/harness";
import { assertCheckCases, assertRuleTable, UNKNOWN } from "../../support/rules-table";
import { examplePdf, ndaTemplate } from "../../support/fixtures";

describe("fast tier: Template", () => {
  let h: ProviderHarness;
  const templates = () => h.resource("Template");
  // The legacy dialect: one test opts into the hidden update route (D123).
  before(async () => (h = (await ProviderHarness.start({ templateProcessingMs: 0, responseDialect: "sdk-2025" })).ignoringPinRead()));
  after(async () => h?.close());

  it("check names the property and the rule, without a request", async () => {
    await assertCheckCases(h, "Template", ndaTemplate(), [
      { title: "no signer roles", inputs: ndaTemplate({ signerRoles: undefined }), property: "signerRoles", reason: /is required/ },
      { title: "an empty signer role list", inputs: ndaTemplate({ signerRoles: [] }), property: "signerRoles", reason: /at least 1/ },
      { title: "no form fields", inputs: ndaTemplate({ formFieldsPerDocument: undefined }), property: "formFieldsPerDocument", reason: /is required/ },
      { title: "a file that cannot be read", inputs: ndaTemplate({ files: ["/nonexistent/nda.pdf"] }), property: "files[0]", reason: /readable file/ },
      { title: "files and fileUrls", inputs: ndaTemplate({ fileUrls: ["https://files.example.com/nda.pdf"] }), property: "files", reason: /exactly one of files or file_urls/ },
      { title: "a subject over the limit", inputs: ndaTemplate({ subject: "s".repeat(201) }), property: "subject", reason: /at most 200 characters/ },
    ]);
  });

  describe("with a template", () => {
    let nda: Created;
    const inputs = ndaTemplate({ subject: "Please sign", message: "Thanks" });
    let copy: string;
    before(async () => {
      copy = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "esign-nda-")), "same-nda.pdf");
      fs.copyFileSync(examplePdf("nda.pdf"), copy);
      h.nextRun();
      const { result, calls } = await h.counting(() => templates().create(inputs));
      nda = result;
      // Processing is asynchronous even at 0 ms: the files endpoint may answer 409 once more.
      // The list first: what was there before, so a lost answer never leaves a second template (D90).
      const polls = calls.slice(2, -1);
      assert.deepStrictEqual([calls[0], calls[1], calls.at(-1)], ["GET /v3/template/list", "POST /v3/template/create", `GET /v3/template/${nda.id}`]);
      assert.ok(polls.length >= 1 && polls.every((c) => c === `GET /v3/template/files_as_file_url/${nda.id}`), calls.join(", "));
    });

    it("create waits until the template is ready and answers its id", () => {
      assert.strictEqual(nda.outs.templateId, nda.id);
      assert.deepStrictEqual(nda.outs.signerRoles, [{ name: "Client", order: 0 }]);
      assert.strictEqual(nda.outs.fileHashes.length, 1);
    });

    it("diff: every rules-table entry replaces, updates or is ignored as declared; files compare by content", async () => {
      const replace = "replace" as const;
      await assertRuleTable(h, "Template", nda, inputs, {
        changes: {
          templateId: { set: { templateId: "another-template" }, expect: replace },
          files: { set: { files: [copy] }, expect: "ignore" },
          fileHashes: { set: { files: [examplePdf("nda-v2.pdf")] }, expect: replace },
          fileUrls: { set: { files: undefined, fileUrls: ["https://files.example.com/nda.pdf"] }, expect: replace },
          signerRoles: {
            set: {
              signerRoles: [
                { name: "Client", order: 0 },
                { name: "Witness", order: 1 },
              ],
            },
            expect: replace,
          },
          formFieldsPerDocument: { set: { formFieldsPerDocument: [{ ...inputs.formFieldsPerDocument[0], x: 120 }] }, expect: replace },
          formFieldGroups: { set: { formFieldGroups: [{ groupId: "g", groupLabel: "G", requirement: "require_0-1" }] }, expect: replace },
          formFieldRules: { set: { formFieldRules: [{ id: "r", triggerOperator: "AND", triggers: [], actions: [] }] }, expect: replace },
          mergeFields: { set: { mergeFields: [{ name: "Company", type: "text" }] }, expect: replace },
          metadata: { set: { metadata: { owner: "legal" } }, expect: replace },
          clientId: { set: { clientId: "an-app" }, expect: replace },
          allowReassign: { set: { allowReassign: true }, expect: replace },
          usePreexistingFields: { set: { usePreexistingFields: true }, expect: replace },
          testMode: { set: { testMode: true }, expect: replace },
          fieldOptions: { set: { fieldOptions: { dateFormat: "DD - MM - YYYY" } }, expect: replace },
          attachments: { set: { attachments: [{ name: "ID", signerIndex: 0 }] }, expect: replace },
          signerExperience: { set: { signerExperience: { formView: "disabled" } }, expect: replace },
          // No documented operation changes them in place (D123; texts.test.ts: which replacement, and the opt-in).
          title: { set: { title: "NDA 2" }, expect: replace },
          subject: { set: { subject: "Sign, please" }, expect: replace },
          message: { set: { message: "Thank you" }, expect: replace },
          ccRoles: { set: { ccRoles: ["Legal"] }, expect: replace },
        },
        same: [
          { title: "the same file at another path", set: { files: [copy] } },
          { title: "no CC roles as an empty list", set: { ccRoles: [] } },
        ],
      });
      const unknown = await templates().diff(nda.id, nda.outs, { ...inputs, title: UNKNOWN });
      assert.deepStrictEqual([unknown.changes, unknown.replaces], [true, ["title"]], "an unknown title is a replace at preview");
    });

    it("with esign:legacyTemplateUpdate, update changes the texts in one request and reads the template back", async () => {
      const news = { ...inputs, title: "NDA 2" };
      h.set({ "esign:legacyTemplateUpdate": "true" });
      const { result, calls } = await h.counting(() => templates().update(nda.id, nda.outs, news));
      h.set({ "esign:legacyTemplateUpdate": undefined });
      assert.deepStrictEqual(calls, [`POST /v3/template/update/${nda.id}`, `GET /v3/template/${nda.id}`]);
      assert.strictEqual(result.title, "NDA 2");
      nda = { id: nda.id, outs: result };
    });

    it("read is one GET, and finds a template deleted outside Pulumi gone", async () => {
      h.nextRun();
      const { result, calls } = await h.counting(() => templates().read(nda.id, nda.outs));
      assert.deepStrictEqual(calls, [`GET /v3/template/${nda.id}`]);
      assert.strictEqual(result.props?.title, "NDA 2");
      assert.strictEqual((await h.control("DELETE", `/templates/${nda.id}`)).status, 200);
      h.nextRun();
      assert.strictEqual((await templates().read(nda.id, nda.outs)).id, "");
    });
  });

  it("a file change replaces through update_files: the new template overlays the old one's fields (D7)", async () => {
    h.nextRun();
    const old = await templates().create(ndaTemplate());
    h.nextRun();
    const news = ndaTemplate({ files: [examplePdf("nda-v2.pdf")] });
    const diff = await templates().diff(old.id, old.outs, news);
    assert.deepStrictEqual(diff.replaces, ["fileHashes"]);
    const { result, calls } = await h.counting(() => templates().create(news));
    assert.strictEqual(
      calls.find((c) => !c.startsWith("GET ")),
      `POST /v3/template/update_files/${old.id}`,
    );
    assert.notStrictEqual(result.id, old.id);
    const del = await h.counting(() => templates().delete(old.id, old.outs));
    assert.deepStrictEqual(del.calls, [`POST /v3/template/delete/${old.id}`], "the engine then deletes the old one");
  });

  it("new files that do not fit fail with the service's template_error reason", async () => {
    h.nextRun();
    const old = await templates().create(ndaTemplate());
    h.nextRun();
    const news = ndaTemplate({ files: [examplePdf("offer-letter.pdf")] }); // one page, the field is on page 1 of 2
    await templates().diff(old.id, old.outs, news);
    await assert.rejects(templates().create(news), /template_error/);
  });

  it("delete is one request; a second delete finds it gone and succeeds; read reports it gone", async () => {
    h.nextRun();
    const t = await templates().create(ndaTemplate());
    h.nextRun();
    const { calls } = await h.counting(() => templates().delete(t.id, t.outs));
    assert.deepStrictEqual(calls, [`POST /v3/template/delete/${t.id}`]);
    h.nextRun();
    await templates().delete(t.id, t.outs);
    assert.strictEqual((await templates().read(t.id, t.outs)).id, "");
  });

  it("claims: a create that adopts the template (templateId) keeps it from the old name's delete in the same run", async () => {
    h.nextRun();
    const old = await templates().create(ndaTemplate());
    h.nextRun();
    const { calls: adoptCalls } = await h.counting(() => templates().create(ndaTemplate({ templateId: old.id })));
    assert.deepStrictEqual(adoptCalls, [`GET /v3/template/${old.id}`], "adoption creates nothing");
    const { calls } = await h.counting(() => templates().delete(old.id, old.outs));
    assert.deepStrictEqual(calls, []);
    assert.strictEqual((await templates().read(old.id, old.outs)).id, old.id, "the template still exists");
  });
});
