/**
 * The checked-in SDKs (sdk/nodejs, sdk/python, sdk/go) are exactly what Pulumi's code generators
 * make of schema.json today (scripts/gen-sdks, DECISIONS.md D46): a schema change without a
 * regeneration fails here, naming the files that differ.
 */
import * as assert from "assert";
import { execFileSync, spawnSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { pinnedPulumiVersion, repoRoot } from "../engine/support/engine";
import { goBinary } from "./proof";

/** Build outputs that sit in sdk/ but are not generated (each SDK's .gitignore lists them). */
const NOT_GENERATED = new Set(["bin", "node_modules", "__pycache__", "build"]);

function files(dir: string, under = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of fs.readdirSync(path.join(dir, under), { withFileTypes: true })) {
    if (NOT_GENERATED.has(entry.name) || entry.name.endsWith(".egg-info")) continue;
    const rel = path.join(under, entry.name);
    if (entry.isDirectory()) for (const [k, v] of files(dir, rel)) out.set(k, v);
    else out.set(rel, fs.readFileSync(path.join(dir, rel), "utf8"));
  }
  return out;
}

describe("sdk: the checked-in SDKs are generated from schema.json", function () {
  this.timeout(600_000); // a cold cache compiles the generator (about a minute after the CLI build)
  let fresh: string;

  before(() => {
    fresh = fs.mkdtempSync(path.join(os.tmpdir(), "esign-sdkgen-"));
    execFileSync(path.join(repoRoot, "scripts", "gen-sdks"), ["--out", fresh], { stdio: ["ignore", "ignore", "inherit"] });
  });
  after(() => fs.rmSync(fresh, { recursive: true, force: true }));

  for (const lang of ["nodejs", "python", "go"]) {
    it(`sdk/${lang} matches a fresh generation (else run scripts/gen-sdks)`, () => {
      const want = files(path.join(fresh, lang));
      const have = files(path.join(repoRoot, "sdk", lang));
      const missing = [...want.keys()].filter((f) => !have.has(f));
      const extra = [...have.keys()].filter((f) => !want.has(f));
      const changed = [...want.keys()].filter((f) => have.has(f) && have.get(f) !== want.get(f));
      assert.deepStrictEqual({ missing, extra, changed }, { missing: [], extra: [], changed: [] }, `sdk/${lang} is stale: run scripts/gen-sdks`);
      assert.ok(want.size > 10, `the ${lang} generator wrote ${want.size} files`);
    });
  }

  it("sdk/go.mod and sdk/go.sum match a fresh generation (else run scripts/gen-sdks)", () => {
    for (const file of ["go.mod", "go.sum"]) {
      assert.strictEqual(fs.readFileSync(path.join(repoRoot, "sdk", file), "utf8"), fs.readFileSync(path.join(fresh, file), "utf8"), `sdk/${file} is stale: run scripts/gen-sdks`);
    }
    assert.ok(!fs.existsSync(path.join(repoRoot, "sdk", "go", "go.mod")), "the Go module is sdk/, not sdk/go (tags sdk/vX.Y.Z)");
  });

  it("the Go module is the canonical repository's sdk/, requiring the pinned Pulumi SDK", () => {
    const mod = fs.readFileSync(path.join(fresh, "go.mod"), "utf8");
    const pinned = pinnedPulumiVersion();
    assert.match(mod, /^module github\.com\/esign\/pulumi-esign\/sdk$/m);
    assert.match(mod, new RegExp(`^\\s*github\\.com/pulumi/pulumi/sdk/v3 v${pinned.replace(/\./g, "\\.")}$`, "m"));
    const schema = JSON.parse(fs.readFileSync(path.join(repoRoot, "schema.json"), "utf8"));
    assert.strictEqual(schema.language.go.importBasePath, "github.com/esign/pulumi-esign/sdk/go/esign");
    assert.match(fs.readFileSync(path.join(fresh, "go", "esign", "provider.go"), "utf8"), /"github\.com\/esign\/pulumi-esign\/sdk\/go\/esign\/internal"/);
  });

  it("sdk/ builds as a Go module on its own go.sum (what `go get github.com/esign/pulumi-esign/sdk` fetches)", () => {
    // -mod=readonly: a go.sum missing an entry fails instead of being completed.
    const env = { ...process.env, GOTOOLCHAIN: "local", GOFLAGS: "-mod=readonly" };
    execFileSync(goBinary(), ["build", "./..."], { cwd: path.join(repoRoot, "sdk"), env, stdio: ["ignore", "inherit", "inherit"] });
  });

  it("every resource and lookup of the schema has its module in each SDK", () => {
    const schema = JSON.parse(fs.readFileSync(path.join(repoRoot, "schema.json"), "utf8"));
    const names = [...Object.keys(schema.resources), ...Object.keys(schema.functions)].map((t: string) => t.split(":")[2]);
    const snake = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
    for (const name of names) {
      const lower = name[0].toLowerCase() + name.slice(1);
      assert.ok(fs.existsSync(path.join(fresh, "nodejs", `${lower}.ts`)), `nodejs ${lower}.ts`);
      assert.ok(fs.existsSync(path.join(fresh, "python", "pulumi_esign", `${snake(name)}.py`)), `python ${snake(name)}.py`);
      assert.ok(fs.existsSync(path.join(fresh, "go", "esign", `${lower}.go`)), `go ${lower}.go`);
    }
  });

  it("a schema that refers to another package fails in one line naming it, and writes nothing", () => {
    const schema = JSON.parse(fs.readFileSync(path.join(repoRoot, "schema.json"), "utf8"));
    schema.resources["esign:index:ApiApp"].inputProperties.bucket = { $ref: "/aws/v6.0.0/schema.json#/resources/aws:s3%2Fbucket:Bucket" };
    const file = path.join(fresh, "external.json");
    fs.writeFileSync(file, JSON.stringify(schema));
    const out = path.join(fresh, "external");
    const r = spawnSync(path.join(repoRoot, "scripts", "gen-sdks"), ["--schema", file, "--out", out], { encoding: "utf8" });
    assert.strictEqual(r.status, 1);
    assert.match(r.stderr, /property "bucket".*must not refer to other packages \(asked for "aws"\)/);
    assert.ok(!fs.existsSync(out));
  });
});
