/**
 * ARCHITECTURE's recipe for a setting, checked: a copy of the tree gets one throwaway key in
 * `providerSettings` and nothing else by hand; the generators (`npm run schema`,
 * `npm run docs:resources`) then give it its config variable and provider input, its row on the
 * registry page, and parseSettings reads it from stack config or its variable by its rule. Only
 * settings.ts and those generated files change (the SDKs follow from schema.json through
 * scripts/gen-sdks, which needs the pulumi CLI: not run here).
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import * as crypto from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "../..");
const SCRATCH = `  scratchLimit: z.int().min(1).optional().meta({ env: "ESIGN_SCRATCH_LIMIT", description: "A throwaway setting (the scratch-setting test)." }),\n`;

function copyTree(to: string): string[] {
  const files = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" })
    .split("\0")
    .filter((f) => f && fs.existsSync(path.join(ROOT, f)));
  for (const f of files) {
    fs.mkdirSync(path.dirname(path.join(to, f)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, f), path.join(to, f));
  }
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(to, "node_modules"), "dir");
  return files;
}

const hash = (file: string) => crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");

describe("architecture: the recipe for a setting", function () {
  this.timeout(300_000);
  let tree: string;
  before(() => (tree = fs.mkdtempSync(path.join(os.tmpdir(), "scratch-setting-"))));
  after(() => fs.rmSync(tree, { recursive: true, force: true }));

  it("one key in providerSettings: the schema, the registry page and the settings' reader follow; nothing else is edited", () => {
    const files = copyTree(tree);
    const before = new Map(files.map((f) => [f, hash(path.join(tree, f))]));
    const settingsFile = path.join(tree, "provider/deployment/settings.ts");
    const text = fs.readFileSync(settingsFile, "utf8");
    const at = text.indexOf("export const providerSettings = z.object({\n");
    assert.ok(at >= 0, "settings.ts declares providerSettings as a zod object");
    const end = at + "export const providerSettings = z.object({\n".length;
    fs.writeFileSync(settingsFile, text.slice(0, end) + SCRATCH + text.slice(end));

    const run = (entry: string, ...args: string[]) => execFileSync(process.execPath, [path.join(tree, "scripts/run-ts.js"), entry, ...args], { cwd: tree, encoding: "utf8" });
    run("provider/schema/write.ts");
    run("provider/schema/write-docs.ts");
    const probe = path.join(tree, "scratch-probe.ts");
    fs.writeFileSync(
      probe,
      `import { parseSettings } from "./provider/deployment/settings";
const fromEnv = parseSettings(() => undefined, { ESIGN_SCRATCH_LIMIT: "7" });
const fromConfig = parseSettings((k) => (k === "esign:scratchLimit" ? "0" : undefined), {});
console.log(JSON.stringify({ value: (fromEnv.settings as Record<string, unknown>).scratchLimit, issue: fromConfig.issues[0] }));`,
    );
    const read = JSON.parse(run("scratch-probe.ts")) as { value: number; issue: { setting: string; message: string } };
    fs.rmSync(probe);
    assert.equal(read.value, 7, "read from its variable, as its type");
    assert.deepEqual(read.issue, { setting: "esign:scratchLimit", message: 'must be a whole number of at least 1, got "0"' });

    const schema = JSON.parse(fs.readFileSync(path.join(tree, "schema.json"), "utf8")) as {
      config: { variables: Record<string, { type: string; description: string }> };
      provider: { inputProperties: Record<string, unknown> };
    };
    assert.equal(schema.config.variables.scratchLimit.type, "integer");
    assert.match(schema.config.variables.scratchLimit.description, /^A throwaway setting .* ESIGN_SCRATCH_LIMIT environment variable\.$/);
    assert.ok(schema.provider.inputProperties.scratchLimit, "an input of an explicit provider");
    assert.match(fs.readFileSync(path.join(tree, "docs/installation-configuration.md"), "utf8"), /^\| `esign:scratchLimit` \| `ESIGN_SCRATCH_LIMIT` \| integer \| A throwaway setting/m);

    const changed = files.filter((f) => hash(path.join(tree, f)) !== before.get(f)).sort();
    assert.deepEqual(changed, ["docs/installation-configuration.md", "provider/deployment/settings.ts", "schema.json"]);
  });
});
