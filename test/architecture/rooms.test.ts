/**
 * One room per concept in provider/ (issue 38 item 2, D155): what an unanswered create made is
 * made/, what esign reads of Pulumi's own state is pulumi-state/, and imports run one way: a
 * run's state (deployment/) never reaches up into the resources or the rooms above it, and
 * pulumi-state/ knows nothing of esign but core/. The pieces of Pulumi's state are read in
 * pulumi-state/ alone.
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { importsOf, onScratchTree, tsFiles } from "./import-cycles";

const ROOT = path.resolve(__dirname, "../..");

const ROOMS = ["account-file", "cli", "client", "core", "deployment", "dynamic", "host-patches", "made", "native", "operations", "pulumi-state", "resources", "schema"];

/** Which folders of provider/ a folder never imports. */
const NEVER: Record<string, string[]> = {
  deployment: ["resources", "made", "operations", "cli", "native", "dynamic"],
  "pulumi-state": ROOMS.filter((r) => r !== "core" && r !== "pulumi-state"),
  made: ["cli", "native", "dynamic"],
};

/** What only pulumi-state/ reads or runs: a file backend's locks and credentials, the pending operations, the pulumi CLI. */
const PULUMI_STATE_ONLY = [/["']locks["']/, /credentials\.json/, /pending_operations/, /execFile\(\s*["']pulumi["']/];

/** `from/file.ts -> to/file.ts` for each import of provider/<from>/ into a folder NEVER forbids it. */
function wrongWay(root: string): string[] {
  const out: string[] = [];
  for (const [from, never] of Object.entries(NEVER)) {
    const dir = path.join(root, "provider", from);
    if (!fs.existsSync(dir)) continue;
    for (const file of tsFiles(dir)) {
      for (const target of importsOf(file)) {
        const [top, room] = path.relative(root, target).split(path.sep);
        if (top === "provider" && never.includes(room)) out.push(`${path.relative(root, file)} -> ${path.relative(root, target)}`);
      }
    }
  }
  return out;
}

/** Files outside provider/pulumi-state/ that read a piece of Pulumi's state themselves. */
function stateReadersOutside(root: string): string[] {
  return tsFiles(path.join(root, "provider"))
    .filter((f) => !f.startsWith(path.join(root, "provider", "pulumi-state") + path.sep))
    .filter((f) => PULUMI_STATE_ONLY.some((re) => re.test(fs.readFileSync(f, "utf8"))))
    .map((f) => path.relative(root, f));
}

describe("architecture: rooms", () => {
  it("deployment/ imports nothing above it, pulumi-state/ only core/, made/ no host or command", () => {
    assert.deepEqual(wrongWay(ROOT), []);
  });

  it("only pulumi-state/ reads the backend's locks and credentials, the pending operations, and runs the pulumi CLI", () => {
    assert.deepEqual(stateReadersOutside(ROOT), []);
  });

  it("the checks see an import the wrong way and a state reader out of its room", () => {
    const files = {
      "provider/resources/registry.ts": "export const registry = {};\n",
      "provider/deployment/context.ts": 'import type { x } from "../core/x";\nimport { registry } from "../resources/registry";\nexport { registry };\n',
      "provider/core/x.ts": "export type x = 1;\n",
      "provider/cli/lock.ts": 'const dir = ["locks", "organization"];\n',
    };
    onScratchTree(files, (dir) => {
      assert.deepEqual(wrongWay(dir), ["provider/deployment/context.ts -> provider/resources/registry.ts"]);
      assert.deepEqual(stateReadersOutside(dir), ["provider/cli/lock.ts"]);
    });
  });
});
