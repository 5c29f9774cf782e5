/**
 * Template identity: refresh brings back what the program declared and the texts as the
 * service has them, so a web-UI edit of an undeclared field is no change and a cleared message
 * is drift; a template adopted by templateId is never replaced (content changes refused at
 * check, with the property and the reason), and an adoption is a warning naming it.
 */
import * as assert from "assert";
import * as path from "path";
import { ProviderHarness, type Props } from "../../support/harness";
import { warningsOf } from "../../support/identity";

const file = (name: string) => path.join(__dirname, "..", "..", "..", "..", "examples", "files", name);
const fields = [{ documentIndex: 0, apiId: "sig", name: "Signature", type: "signature", required: true, signer: 0, page: 1, x: 100, y: 600, width: 200, height: 40 }];
const nda = { title: "NDA", message: "Please sign", files: [file("nda.pdf")], signerRoles: [{ name: "Client", order: 0 }], formFieldsPerDocument: fields };

describe("provider (in process): Template identity and adoption", () => {
  let h: ProviderHarness;
  beforeEach(async () => (h = (await ProviderHarness.start()).ignoringPinRead()));
  afterEach(async () => h?.close());

  const templates = () => h.resource("Template");

  /** A refresh as the engine does it: the read's outputs become the olds of the next diff. */
  async function refreshed(id: string, outs: Props): Promise<Props> {
    h.nextRun();
    const read = await templates().read(id, outs);
    assert.strictEqual(read.id, id);
    return read.props!;
  }

  it("a web-UI edit of undeclared metadata is no change (no replace)", async () => {
    const made = await templates().create(nda);
    await h.control("PATCH", `/templates/${made.id}`, { metadata: { owner: "legal" } });
    const olds = await refreshed(made.id, made.outs);
    const diff = await templates().diff(made.id, olds, nda);
    assert.deepStrictEqual([diff.changes, diff.replaces], [false, []]);
  });

  it("a message cleared in the web UI is drift that a replacement sets back (no documented update: D123)", async () => {
    const made = await templates().create(nda);
    await h.control("PATCH", `/templates/${made.id}`, { message: "" });
    const olds = await refreshed(made.id, made.outs);
    assert.strictEqual(olds.message, "");
    const diff = await templates().diff(made.id, olds, nda);
    assert.deepStrictEqual([diff.changes, diff.replaces], [true, ["message"]]);
    const replacement = await templates().create(nda);
    assert.strictEqual(replacement.outs.message, "Please sign");
  });

  describe("adopted by templateId", () => {
    let existing: { id: string; outs: Props };
    let adopted: Props;
    beforeEach(async () => {
      existing = await templates().create(nda);
      h.nextRun(); // another stack adopts it
      // Its texts as the template has them: bringing them in line needs the hidden route (texts.test.ts, D123).
      adopted = { templateId: existing.id, title: "NDA", signerRoles: [{ name: "Client", order: 0 }], formFieldsPerDocument: fields };
    });

    it("is taken over with a warning, and then shows no change", async () => {
      const { result, warnings } = await warningsOf(() => h.counting(() => templates().create(adopted)));
      assert.strictEqual(result.result.id, existing.id);
      assert.ok(!result.calls.some((c) => c.startsWith("POST /v3/template/create")), `${result.calls}`);
      assert.match(warnings.join("\n"), new RegExp(`Template adopted template "NDA" \\(${existing.id}\\) \\(templateId was given\\)`));
      const olds = await refreshed(existing.id, result.result.outs);
      const diff = await templates().diff(existing.id, olds, adopted);
      assert.strictEqual(diff.changes, false);
    });

    it("refuses at check a content change, naming the property and why", async () => {
      const made = await warningsOf(() => templates().create(adopted));
      const { result, calls } = await h.counting(() =>
        templates().check(
          {
            ...adopted,
            signerRoles: [
              { name: "Client", order: 0 },
              { name: "Witness", order: 1 },
            ],
          },
          adopted,
        ),
      );
      assert.deepStrictEqual(calls, []);
      assert.deepStrictEqual(
        result.failures?.map((f) => f.property),
        ["signerRoles"],
      );
      assert.match(result.failures![0].reason, /adopted template \(templateId\) is never replaced/);
      const files = await templates().check({ ...adopted, files: [file("nda-v2.pdf")] }, { ...adopted, files: [file("nda.pdf")] });
      assert.deepStrictEqual(
        files.failures?.map((f) => f.property),
        ["files"],
      );
      assert.ok(made.result.id);
    });

    it("refuses to adopt when declared content is not the template's", async () => {
      await assert.rejects(templates().create({ ...adopted, signerRoles: [{ name: "Buyer", order: 0 }] }), /signerRoles .* is not the template's .*never replaced/);
    });

    it("a web-UI change of its content fails the diff with one line instead of replacing it", async () => {
      const made = (await warningsOf(() => templates().create(adopted))).result;
      const olds = { ...made.outs, signerRoles: [{ name: "Other", order: 0 }] };
      await assert.rejects(templates().diff(existing.id, olds, adopted), (e: Error) => /signerRoles differ from the template's: an adopted template/.test(e.message) && !e.message.includes("\n"));
    });
  });
});
