/**
 * .github/workflows: actionlint (with shellcheck over the `run:` scripts; scripts/ensure-actionlint
 * builds both into the cache) finds nothing, and would find a broken workflow; the CI workflow
 * runs the README's test command with the toolchains it needs and the breaking-change gate; the
 * release workflow runs the tests first, then the same release script as a local release, and
 * publishes every artifact it builds (a prerelease never as latest); every action is pinned.
 */
import * as assert from "assert";
import { execFileSync, spawnSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { parse as parseYaml } from "yaml";

const repoRoot = path.resolve(__dirname, "..", "..");
const workflows = path.join(repoRoot, ".github", "workflows");

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  steps?: Step[];
  uses?: string;
  needs?: string | string[];
  permissions?: Record<string, string>;
}
interface Workflow {
  on: Record<string, any>;
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}
const load = (file: string): Workflow => parseYaml(fs.readFileSync(path.join(workflows, file), "utf8"));
const steps = (w: Workflow) => Object.values(w.jobs).flatMap((j) => j.steps ?? []);
const runs = (w: Workflow) =>
  steps(w)
    .map((s) => s.run ?? "")
    .join("\n");
const uses = (w: Workflow, action: string) => steps(w).find((s) => s.uses?.startsWith(`${action}@`));

describe("release: the GitHub workflows", function () {
  this.timeout(600_000); // a cold cache builds actionlint (seconds from the module proxy)
  let actionlint: string;
  before(() => {
    actionlint = execFileSync(path.join(repoRoot, "scripts", "ensure-actionlint"), { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] })
      .trim()
      .split("\n")
      .pop()!;
  });
  const lint = (cwd: string, files: string[]) =>
    spawnSync(actionlint, ["-no-color", "-oneline", "-shellcheck", path.join(path.dirname(actionlint), "shellcheck"), ...files], { cwd, encoding: "utf8" });

  it("actionlint and shellcheck find nothing in ci.yml and release.yml", () => {
    assert.deepStrictEqual(fs.readdirSync(workflows).sort(), ["ci.yml", "release.yml"]);
    const r = lint(repoRoot, [path.join(workflows, "ci.yml"), path.join(workflows, "release.yml")]);
    assert.strictEqual(r.status, 0, r.stdout + r.stderr);
  });

  it("actionlint does report a broken workflow (a bad expression, an unquoted variable in a script)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "esign-actionlint-"));
    const file = path.join(dir, "broken.yml");
    fs.writeFileSync(file, "on: push\njobs:\n  x:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.nope }}\n      - run: rm -rf $DIR/*\n");
    const r = lint(dir, [file]);
    fs.rmSync(dir, { recursive: true, force: true });
    assert.strictEqual(r.status, 1);
    assert.match(r.stdout, /property "nope" is not defined/);
    assert.match(r.stdout, /shellcheck reported issue/);
  });

  it("ci.yml runs the README's test command (npm test, as .ci/run) on pull requests and pushes, with Node 20, Go and Python", () => {
    const readme = fs.readFileSync(path.join(repoRoot, "README.md"), "utf8");
    assert.match(readme, /^npm test\s+# every test/m, "the README's test command is npm test");
    assert.match(fs.readFileSync(path.join(repoRoot, ".ci", "run"), "utf8"), /^npm test$/m);
    const ci = load("ci.yml");
    assert.ok("pull_request" in ci.on && "push" in ci.on, "triggers: pull requests and pushes");
    assert.ok(
      steps(ci).some((s) => s.run?.trim() === "npm test"),
      "a step runs npm test",
    );
    assert.strictEqual(uses(ci, "actions/setup-node")?.with?.["node-version"], 20);
    assert.ok(uses(ci, "actions/setup-go"), "Go is set up (the Pulumi CLI and the SDK generator are built with it)");
    assert.ok(uses(ci, "actions/setup-python"), "Python is set up (the Python SDK's tests)");
  });

  it("ci.yml runs the breaking-change gate against the last release on every pull request (all tags fetched)", () => {
    const ci = load("ci.yml");
    const gate = Object.values(ci.jobs).find((j) => j.steps?.some((s) => s.run?.trim() === "scripts/check-schema-compat"));
    assert.ok(gate, "a job runs scripts/check-schema-compat");
    assert.strictEqual(gate!.steps![0].with?.["fetch-depth"], 0, "the v* tags are there to compare with");
    assert.ok("pull_request" in ci.on);
  });

  it("every action of every workflow is pinned to a commit, with the version it is in a comment", () => {
    for (const file of fs.readdirSync(workflows)) {
      const text = fs.readFileSync(path.join(workflows, file), "utf8");
      const lines = text.split("\n").filter((l) => /^\s*(-\s+)?uses:/.test(l));
      assert.ok(lines.length > 0 || !/steps:/.test(text), file);
      for (const line of lines) {
        if (/uses:\s+\.\//.test(line)) continue; // a workflow of this repository
        assert.match(line, /uses:\s+[\w.-]+\/[\w./-]+@[0-9a-f]{40} # v\d+(\.\d+)*$/, `${file}: ${line.trim()} is not pinned to a commit`);
      }
    }
  });

  it("release.yml runs on v* tags, calls the same release script, and publishes everything it builds", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8"));
    assert.strictEqual(pkg.scripts.release, "bash scripts/release");
    const rel = load("release.yml");
    assert.deepStrictEqual(rel.on, { push: { tags: ["v*"] } });
    const script = runs(rel);
    assert.match(script, /^npm run release -- "\$VERSION"$/m, "the release script, as `npm run release -- <version>`");
    // The test job first: the CI workflow itself, and the publishing job needs it.
    assert.ok("workflow_call" in load("ci.yml").on, "ci.yml can be called");
    assert.strictEqual(rel.jobs.test?.uses, "./.github/workflows/ci.yml", "the release's test job is the CI workflow");
    const publishing = Object.entries(rel.jobs).filter(([, j]) => j.steps);
    assert.deepStrictEqual(
      publishing.map(([, j]) => j.needs),
      ["test"],
      "the one publishing job needs the test job",
    );
    // Prereleases: npm's next tag, GitHub's prerelease, never latest (version-info decides).
    assert.match(script, /scripts\/release-support\/version-info\.ts "\$version" >> "\$GITHUB_OUTPUT"/);
    assert.equal((script.match(/npm publish [^\n]*--tag "\$NPM_TAG"/g) ?? []).length, 2, "both npm packages under the version's dist-tag");
    assert.match(script, /flags\+=\(--prerelease --latest=false\)/);
    assert.ok(
      steps(rel).some((s) => s.run?.includes("GITHUB_REF_NAME#v")),
      "the version comes from the tag",
    );
    assert.strictEqual(steps(rel)[0].with?.["fetch-depth"], 0, "all tags: the compatibility check reads the last release's schema");
    assert.match(script, /gh release create "v\$VERSION" .*"dist\/release\/v\$VERSION"\/\*/, "every artifact (SHA256SUMS included) becomes a release asset");
    // The tarball names scripts/release writes (test/scripts/release.test.ts checks them).
    assert.match(script, /npm publish .*"dist\/release\/v\$VERSION\/pulumi-esign-\$VERSION\.tgz"/);
    assert.match(script, /npm publish .*"dist\/release\/v\$VERSION\/esign-pulumi-\$VERSION\.tgz"/);
    assert.ok(uses(rel, "pypa/gh-action-pypi-publish"), "PyPI through the trusted-publishing action");
    assert.ok(!JSON.stringify(rel).includes("PYPI_TOKEN") && !JSON.stringify(uses(rel, "pypa/gh-action-pypi-publish")?.with ?? {}).includes("password"), "no PyPI token: trusted publishing");
    assert.match(script, /git tag "sdk\/v\$VERSION" "\$GITHUB_SHA"\n\s*git push origin "sdk\/v\$VERSION"/, "the Go SDK's tag sdk/vX.Y.Z");
    const perms = rel.jobs.release.permissions;
    assert.deepStrictEqual(perms, { contents: "write", "id-token": "write" });
  });
});
