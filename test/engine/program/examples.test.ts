/**
 * Every examples/<scenario>/ program through the real CLI, as `scripts/example` runs it: a
 * fresh local service, the example's seed.json teammates, a temp file backend, the example
 * folder as the program. up succeeds, a second preview changes nothing and makes no API call,
 * destroy leaves nothing behind.
 */
import * as assert from "assert";
import * as crypto from "crypto";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { LocalWorkspace, PulumiCommand, Stack } from "@pulumi/pulumi/automation";
import { applySeed, readSeed } from "../../../examples/local-seed";
import { changes, localBackendEnv, pulumiBinDir, repoRoot } from "../support/engine";
import { localService, LocalService } from "../../support/local";

interface Scenario {
  name: string;
  /** Resources created by the first up, the stack included. */
  creates: number;
  outputs: string[];
}

const scenarios: Scenario[] = [
  { name: "team-and-members", creates: 5, outputs: ["teamId", "teamName", "memberStatus"] },
  { name: "api-apps", creates: 3, outputs: ["portalClientId", "portalOAuthSecret", "backOfficeClientId"] },
  { name: "templates-and-access", creates: 6, outputs: ["ndaTemplateId", "offerLetterTemplateId"] },
  { name: "fax-lines-and-users", creates: 6, outputs: ["mainNumber", "supportNumber"] },
];

describe("engine: the example programs", function () {
  this.timeout(180_000);

  it("covers every examples/<scenario>/ folder (the Pulumi YAML one: test/engine/yaml/)", () => {
    const folders = fs
      .readdirSync(path.join(repoRoot, "examples"))
      .filter((d) => fs.existsSync(path.join(repoRoot, "examples", d, "Pulumi.yaml")))
      .filter((d) => !/^runtime:\s*yaml/m.test(fs.readFileSync(path.join(repoRoot, "examples", d, "Pulumi.yaml"), "utf8")))
      .sort();
    assert.deepStrictEqual(folders, scenarios.map((s) => s.name).sort());
  });

  for (const scenario of scenarios) {
    describe(scenario.name, () => {
      const workDir = path.join(repoRoot, "examples", scenario.name);
      // A unique stack name: its Pulumi.<stack>.yaml lands in the example folder until removed.
      const stackName = `test-${crypto.randomBytes(4).toString("hex")}`;
      let svc: LocalService;
      let tmp: string;
      let stack: Stack | undefined;

      before(async () => {
        svc = await localService();
        const seed = readSeed(workDir);
        if (seed) await applySeed(seed, svc.baseUrl, svc.apiKey);
        tmp = fs.mkdtempSync(path.join(os.tmpdir(), `esign-example-${scenario.name}-`));
        const bin = pulumiBinDir();
        stack = await LocalWorkspace.createOrSelectStack(
          { stackName, workDir },
          {
            pulumiCommand: await PulumiCommand.get({ root: path.dirname(bin) }),
            envVars: { ...localBackendEnv(tmp), PULUMI_NODEJS_TRANSPILE_ONLY: "true" },
          },
        );
        for (const [key, v] of Object.entries(svc.stackConfig())) {
          await stack.setConfig(key, { value: v.value, secret: v.secret ?? false });
        }
      });

      after(async () => {
        try {
          if (stack) {
            await stack.destroy().catch(() => undefined);
            await stack.workspace.removeStack(stackName);
          }
        } finally {
          await svc?.close();
          if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
        }
      });

      it("deploys, previews no change without an API call, and destroys", async () => {
        const up = await stack!.up();
        assert.deepStrictEqual(changes(up.summary), { create: scenario.creates });
        for (const key of scenario.outputs) assert.ok(up.outputs[key]?.value, `output ${key} is set`);

        const seq = await svc.lastSeq();
        const preview = await stack!.preview({ expectNoChanges: true });
        assert.strictEqual(preview.changeSummary.same, scenario.creates);
        assert.deepStrictEqual(await svc.requestsSince(seq), [], "preview of an unchanged stack makes no API call");

        const destroyed = await stack!.destroy();
        assert.deepStrictEqual(changes(destroyed.summary), { delete: scenario.creates });
        const state = await stack!.exportStack();
        assert.strictEqual((state.deployment.resources ?? []).length, 0);
      });
    });
  }
});
