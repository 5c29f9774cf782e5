/**
 * The native plugin's partial failure through the real engine (DECISIONS D121): the local
 * service hides a new template from reads for a few seconds (D120) and its first read after the
 * create fails once (a 400, not the lag). The `up` fails naming the template the service made,
 * the engine records it (its id, with an init error), and the next `up` continues from it: one
 * template, then a preview without change.
 */
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type { Stack } from "@pulumi/pulumi/automation";
import { localService, type LocalService } from "../../support/local";
import { changes } from "../support/engine";
import { fields, pdf } from "../support/native-support";
import { yamlStack } from "../yaml/project";

const program = `name: read-lag-native
runtime: yaml
resources:
  nda:
    type: esign:index:Template
    properties:
      title: Lagging NDA
      files: [nda.pdf]
      signerRoles: [{ name: Client, order: 0 }]
      formFieldsPerDocument: ${JSON.stringify(fields)}
outputs:
  templateId: \${nda.templateId}
`;

describe("engine (native plugin): a template the service made but could not finish is recorded, and the next up continues from it", function () {
  this.timeout(600_000);
  let svc: LocalService;
  let root: string;
  let stack: Stack;

  before(async () => {
    svc = await localService({ templateVisibilityDelayMs: 3000, templateProcessingMs: 50 });
    root = fs.mkdtempSync(path.join(os.tmpdir(), "esign-read-lag-native-"));
    const dir = path.join(root, "project");
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, "Pulumi.yaml"), program);
    fs.copyFileSync(pdf, path.join(dir, "nda.pdf"));
    stack = await yamlStack(dir, root, { config: svc.stackConfig() });
  });
  after(async () => {
    await stack?.destroy().catch(() => undefined);
    await svc?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  const templates = async (): Promise<any[]> => Object.values((await svc.control("GET", "/state")).templates ?? {});

  it("up fails naming it; the state holds it; the next up exits 0 with one template and no change after", async () => {
    await svc.control("POST", "/faults", { method: "GET", path: "/template/files_as_file_url/*", status: 400, error_name: "bad_request", error_msg: "Injected", count: 1 });
    await assert.rejects(stack.up(), (e: Error) => /the service made it \(\w+\), so the stack records it/.test(e.message));
    await svc.control("DELETE", "/faults");
    const [made] = await templates();
    assert.ok(made, "the service made the template");
    const recorded = (await stack.exportStack()).deployment.resources.find((r: any) => r.type === "esign:index:Template");
    assert.strictEqual(recorded?.id, made.template_id, "the engine recorded the template's id");
    assert.ok(recorded?.initErrors?.length, "as a partial failure (an init error)");

    const up = await stack.up();
    assert.deepStrictEqual(changes(up.summary), { update: 1 }, JSON.stringify(up.summary.resourceChanges));
    assert.strictEqual(up.outputs.templateId.value, made.template_id);
    assert.deepStrictEqual(
      (await templates()).map((t) => t.template_id),
      [made.template_id],
      "no second template",
    );
    const preview = await stack.preview({ expectNoChanges: true });
    assert.deepStrictEqual(preview.changeSummary, { same: 2 });
  });
});
