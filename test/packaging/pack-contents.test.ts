/**
 * What `npm pack` puts in the tarball: everything a user's program needs (the compiled
 * provider, service and policy pack, every `exports` and `bin` target, ensure-pulumi with the
 * language host it builds), the documentation the README links to (docs/, the examples,
 * ARCHITECTURE, DECISIONS, the bench figures), every relative link of the packed Markdown
 * resolving inside it, and nothing of the tests, bench scripts, sources or local state.
 */
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { brokenLink, relativeLinks } from "./markdown-links";
import { repoRoot, runOk } from "./support";

/** The documentation shipped so that the README's links work in the package (DECISIONS D39). */
const DOCS = /^(ARCHITECTURE\.md|DECISIONS\.md|bench\/RESULTS\.md|docs\/.+\.md|docs\/assets\/.+\.svg|examples\/.+)$/;

interface PackFile {
  path: string;
}

describe("packaging: npm pack contents", function () {
  this.timeout(600_000);
  let files: string[];
  const pkg = require("../../package.json");

  before(async () => {
    const r = await runOk("npm", ["pack", "--dry-run", "--json"], { cwd: repoRoot });
    files = (JSON.parse(r.stdout)[0].files as PackFile[]).map((f) => f.path).sort();
  });

  it("holds every exports and bin target with its type declarations", () => {
    const targets = [pkg.main, pkg.types, ...Object.values(pkg.exports as Record<string, string>), ...Object.values(pkg.bin as Record<string, string>)].map((p: string) => p.replace(/^\.\//, ""));
    for (const target of targets) assert.ok(files.includes(target), `${target} is missing from the tarball`);
    for (const target of targets.filter((t) => t.startsWith("dist/") && t.endsWith(".js"))) {
      assert.ok(files.includes(target.replace(/\.js$/, ".d.ts")), `${target} has no .d.ts in the tarball`);
    }
  });

  it("holds the README, the licence, the changelog and the engine script with the language host it builds", () => {
    // ensure-pulumi reads the pinned version from .tool-versions through scripts/toolchain-version (D109).
    for (const f of ["package.json", "README.md", "LICENSE", "CHANGELOG.md", "scripts/ensure-pulumi", "scripts/toolchain-version", ".tool-versions", "tools/language-host/main.go"]) {
      assert.ok(files.includes(f), `${f} is missing from the tarball`);
    }
  });

  it("holds the compiled runtime the serialized providers require, and the service's areas", () => {
    assert.ok(files.includes("dist/provider/runtime.js"));
    assert.ok(
      files.some((f) => f.startsWith("dist/service/areas/")),
      "no dist/service/areas/ in the tarball",
    );
  });

  it("holds the policy pack: its manifest, its package.json and the compiled rules it points at", () => {
    for (const f of ["policy/PulumiPolicy.yaml", "policy/package.json"]) assert.ok(files.includes(f), `${f} is missing from the tarball`);
    const main = require("../../policy/package.json").main as string;
    const compiled = require("path").posix.normalize(`policy/${main}`);
    assert.ok(files.includes(compiled), `${compiled} (the pack's main) is missing from the tarball`);
  });

  it("every relative link of the packed README, and of the Markdown it ships, resolves inside it", () => {
    const read = (f: string) => fs.readFileSync(path.join(repoRoot, f), "utf8");
    const markdown = files.filter((f) => f.endsWith(".md"));
    assert.ok(relativeLinks(read("README.md")).length > 10, "the README's links were not found");
    const broken = markdown.flatMap((f) => relativeLinks(read(f)).map((l) => brokenLink(f, l, files, read))).filter(Boolean);
    assert.deepStrictEqual(broken, []);
  });

  it("holds nothing else: no tests, bench scripts, TypeScript sources, build stamps or local state", () => {
    const allowed = (f: string) =>
      [
        "package.json",
        "README.md",
        "LICENSE",
        "CHANGELOG.md",
        "scripts/ensure-pulumi",
        "scripts/toolchain-version",
        ".tool-versions",
        "tools/language-host/main.go",
        "policy/PulumiPolicy.yaml",
        "policy/package.json",
        // The native plugin: its launcher, the command that prints its folder, its schema.
        "bin/pulumi-resource-esign",
        "scripts/ensure-plugin",
        "schema.json",
      ].includes(f) ||
      /^dist\/(contract|provider|service|policy)\/.+\.(js|d\.ts|js\.map)$/.test(f) ||
      DOCS.test(f);
    const stray = files.filter((f) => !allowed(f));
    assert.deepStrictEqual(stray, [], `unexpected files in the tarball: ${stray.join(", ")}`);
    for (const prefix of ["test/", "bench/engine/", "bench/service/", "examples/.gitignore", "dist/test/", ".pulumi-local/", "node_modules/", "provider/", "service/"]) {
      assert.ok(!files.some((f) => f.startsWith(prefix)), `the tarball has files under ${prefix}`);
    }
  });
});
