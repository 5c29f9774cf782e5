/**
 * The schema's usage examples (provider/schema/examples/) compile against the generated SDKs:
 * the TypeScript ones type-check against sdk/nodejs as a user imports it (`@esign/pulumi`), the
 * Go ones build against sdk/go (a module with a replace directive, as test/sdk/go). The YAML and
 * Python ones are checked in test/provider/native/examples.test.ts (the fast tier) and test/sdk/python-examples.test.ts.
 */
import * as assert from "assert";
import { execFileSync, spawnSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { resourceExamples } from "../../provider/schema/examples";
import { repoRoot } from "../engine/support/engine";
import { goBinary, goEnv } from "./proof";

const examples = Object.entries(resourceExamples).flatMap(([kind, list]) => list.map((e, i) => ({ name: `${kind}-${i}`, ...e })));

describe("sdk: the schema's usage examples compile against the SDKs", function () {
  this.timeout(600_000); // a cold Go build cache compiles the Pulumi SDK first
  let dir: string;
  before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "esign-examples-"))));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("TypeScript: every example type-checks against sdk/nodejs imported as @esign/pulumi", () => {
    const bin = execFileSync(path.join(repoRoot, "scripts", "build-sdk-nodejs"), { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }).trim().split("\n").pop()!;
    const ts = path.join(dir, "ts");
    fs.mkdirSync(ts);
    for (const e of examples) fs.writeFileSync(path.join(ts, `${e.name}.ts`), `${e.typescript}\n`);
    fs.writeFileSync(path.join(ts, "tsconfig.json"), JSON.stringify({
      compilerOptions: {
        strict: true, noEmit: true, module: "commonjs", target: "ES2022", types: [], typeRoots: [path.join(repoRoot, "node_modules", "@types")],
        baseUrl: ".", paths: { "@esign/pulumi": [bin], "@pulumi/pulumi": [path.join(repoRoot, "node_modules", "@pulumi", "pulumi")] },
      },
      files: examples.map((e) => `${e.name}.ts`),
    }));
    const r = spawnSync(process.execPath, [path.join(repoRoot, "node_modules", "typescript", "bin", "tsc"), "-p", ts], { encoding: "utf8" });
    assert.strictEqual(r.status, 0, r.stdout + r.stderr);
  });

  it("Go: every example builds against sdk/go", () => {
    const go = path.join(dir, "go");
    const proof = path.join(repoRoot, "test", "sdk", "go");
    fs.mkdirSync(go);
    // test/sdk/go's module graph (its go.sum included), renamed, with the replace made absolute.
    const mod = fs.readFileSync(path.join(proof, "go.mod"), "utf8")
      .replace(/^module .*$/m, "module esign.local/examples")
      .replace(/=>\s*(\S+)/g, (_, target: string) => `=> ${path.resolve(proof, target)}`);
    fs.writeFileSync(path.join(go, "go.mod"), mod);
    fs.copyFileSync(path.join(proof, "go.sum"), path.join(go, "go.sum"));
    for (const e of examples) {
      fs.mkdirSync(path.join(go, e.name));
      fs.writeFileSync(path.join(go, e.name, "main.go"), `${e.go}\n`);
    }
    const r = spawnSync(goBinary(), ["vet", "./..."], { cwd: go, env: { ...process.env, ...goEnv }, encoding: "utf8" });
    assert.strictEqual(r.status, 0, r.stdout + r.stderr);
    const fmt = spawnSync(path.join(path.dirname(goBinary()), "gofmt"), ["-l", "."], { cwd: go, encoding: "utf8" });
    assert.strictEqual(fmt.stdout.trim(), "", `gofmt would change: ${fmt.stdout}`);
  });
});
