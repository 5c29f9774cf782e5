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
  id?: string;
  name?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  steps?: Step[];
  uses?: string;
  needs?: string | string[];
  permissions?: Record<string, string>;
  env?: Record<string, string>;
  environment?: string;
}
interface Workflow {
  on: Record<string, any>;
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}
const load = (file: string): Workflow => parseYaml(fs.readFileSync(path.join(workflows, file), "utf8"));
const steps = (w: Workflow) => Object.values(w.jobs).flatMap((j) => j.steps ?? []);
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

  it("actionlint and shellcheck find nothing in ci.yml, release.yml and acceptance.yml", () => {
    assert.deepStrictEqual(fs.readdirSync(workflows).sort(), ["acceptance.yml", "ci.yml", "release.yml"]);
    const r = lint(repoRoot, [path.join(workflows, "ci.yml"), path.join(workflows, "release.yml"), path.join(workflows, "acceptance.yml")]);
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

  it("ci.yml runs the README's test command (npm test, as .ci/run) on pull requests and pushes, with Node.js, Go and Python", () => {
    const readme = fs.readFileSync(path.join(repoRoot, "README.md"), "utf8");
    assert.match(readme, /^npm test\s+# every test/m, "the README's test command is npm test");
    assert.match(fs.readFileSync(path.join(repoRoot, ".ci", "run"), "utf8"), /^npm test$/m);
    const ci = load("ci.yml");
    assert.ok("pull_request" in ci.on && "push" in ci.on, "triggers: pull requests and pushes");
    assert.ok(
      steps(ci).some((s) => s.run?.trim() === "npm test"),
      "a step runs npm test",
    );
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

  it("every workflow sets up the toolchains .tool-versions pins (Node.js, Go, Python), read by scripts/toolchain-version", () => {
    for (const file of fs.readdirSync(workflows)) {
      const w = load(file);
      for (const [name, job] of Object.entries(w.jobs)) {
        const all = job.steps ?? [];
        const setups = all.filter((s) => /^actions\/setup-(node|go|python)@/.test(s.uses ?? ""));
        const pins = all.find((s) => s.id === "pins");
        for (const setup of setups) {
          const tool = /setup-(\w+)@/.exec(setup.uses!)![1];
          const version = setup.with?.[`${tool}-version`];
          // The publish job checks nothing out: it takes the build's pin.
          const from = pins ? `\${{ steps.pins.outputs.${tool} }}` : `\${{ needs.build.outputs.${tool} }}`;
          assert.strictEqual(version, from, `${file} ${name}: ${setup.uses} takes its version from the pins`);
        }
        if (pins) {
          assert.strictEqual(pins.run?.trim(), 'for t in node go python; do echo "$t=$(scripts/toolchain-version "$t")" >> "$GITHUB_OUTPUT"; done');
          assert.ok(all.indexOf(pins) < all.indexOf(setups[0]), `${file} ${name}: the pins are read before the set-up`);
        }
      }
    }
  });

  it("no checkout keeps its token: persist-credentials: false in every workflow", () => {
    for (const file of fs.readdirSync(workflows))
      for (const step of steps(load(file)).filter((s) => s.uses?.startsWith("actions/checkout@"))) assert.strictEqual(step.with?.["persist-credentials"], false, `${file}: ${JSON.stringify(step)}`);
  });

  it("release.yml: only a tag on main; tests, then a read-only build, then a publish job that only downloads, checks, attests and publishes", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8"));
    assert.strictEqual(pkg.scripts.release, "bash scripts/release");
    const rel = load("release.yml");
    assert.deepStrictEqual(rel.on, { push: { tags: ["v*"] } });
    assert.deepStrictEqual(rel.permissions, { contents: "read" });
    assert.deepStrictEqual(Object.keys(rel.jobs), ["on-main", "test", "build", "publish"]);
    const { "on-main": onMain, test, build, publish } = rel.jobs;

    // A tag whose commit is not on main runs nothing else (scripts/release-support/on-main, tested in release-on-main.test.ts).
    assert.strictEqual(onMain.steps![0].with?.["fetch-depth"], 0, "origin/main is fetched");
    assert.ok(onMain.steps!.some((s) => s.run?.trim() === 'scripts/release-support/on-main "$GITHUB_SHA" origin/main'));
    assert.deepStrictEqual(onMain.permissions, { contents: "read" });
    // The tests first: the CI workflow itself.
    assert.ok("workflow_call" in load("ci.yml").on, "ci.yml can be called");
    assert.deepStrictEqual([test.uses, test.needs], ["./.github/workflows/ci.yml", "on-main"]);

    // build: read-only, no token kept, no OIDC, nothing restored from a cache, the same release script.
    assert.deepStrictEqual(build.needs, ["on-main", "test"]);
    assert.deepStrictEqual(build.permissions, { contents: "read" });
    assert.strictEqual(build.environment, undefined, "no environment secrets in the build");
    const b = build.steps!;
    assert.strictEqual(b[0].with?.["persist-credentials"], false);
    assert.strictEqual(b[0].with?.["fetch-depth"], 0, "all tags: the compatibility check reads the last release's schema");
    assert.ok(!b.some((s) => s.uses?.startsWith("actions/cache@")), "no cache restored into the build");
    assert.strictEqual(b.find((s) => s.uses?.startsWith("actions/setup-go@"))?.with?.cache, false);
    assert.strictEqual(b.find((s) => s.uses?.startsWith("actions/setup-node@"))?.with?.["package-manager-cache"], false);
    assert.ok(!JSON.stringify(build).includes("secrets."), "no secret in the build");
    const buildScript = b.map((s) => s.run ?? "").join("\n");
    assert.match(buildScript, /^npm run release -- "\$VERSION"$/m, "the release script, as `npm run release -- <version>`");
    assert.match(buildScript, /scripts\/release-support\/version-info\.ts "\$version" >> "\$GITHUB_OUTPUT"/);
    assert.ok(
      b.some((s) => s.run?.includes("GITHUB_REF_NAME#v")),
      "the version comes from the tag",
    );
    const uploads = b.filter((s) => s.uses?.startsWith("actions/upload-artifact@"));
    assert.deepStrictEqual(
      uploads.map((s) => [s.with?.name, s.with?.path]),
      [
        ["release", "dist/release/v${{ steps.version.outputs.version }}/"],
        ["release-notes", "dist/notes/notes.md"],
      ],
    );

    // publish: no checkout, no build tool; downloads, checks against SHA256SUMS, attests, publishes.
    assert.strictEqual(publish.needs, "build");
    assert.deepStrictEqual(publish.permissions, { contents: "write", "id-token": "write", attestations: "write" });
    assert.strictEqual(publish.environment, "release");
    const p = publish.steps!;
    assert.ok(!p.some((s) => s.uses?.startsWith("actions/checkout@")), "the publish job checks nothing out");
    const script = p.map((s) => s.run ?? "").join("\n");
    assert.doesNotMatch(script, /npm (ci|install|run)|scripts\/|node /, "the publish job runs none of the build's tools");
    assert.deepStrictEqual(
      p.filter((s) => s.uses?.startsWith("actions/download-artifact@")).map((s) => s.with?.name),
      ["release", "release-notes"],
    );
    const check = p.findIndex((s) => s.run?.includes("sha256sum --check --strict SHA256SUMS"));
    const attest = p.findIndex((s) => s.uses?.startsWith("actions/attest-build-provenance@"));
    const firstPublish = p.findIndex((s) => /gh release create|npm publish/.test(s.run ?? "") || s.uses?.startsWith("pypa/"));
    assert.ok(check >= 0 && attest > check && firstPublish > attest, "checked, then attested, then published");
    assert.strictEqual(p[attest].with?.["subject-path"], "release/*", "every release file (archives, npm tarballs, wheel, sdist, schema, SHA256SUMS)");
    // Prereleases: npm's next tag, GitHub's prerelease, never latest (version-info decides).
    assert.equal((script.match(/npm publish [^\n]*--provenance [^\n]*--tag "\$NPM_TAG"/g) ?? []).length, 2, "both npm packages under the version's dist-tag, with provenance");
    assert.match(script, /flags\+=\(--prerelease --latest=false\)/);
    assert.match(script, /gh release create "v\$VERSION" .*--notes-file notes\/notes\.md .*release\/\*$/m, "every artifact (SHA256SUMS included) becomes a release asset");
    // The tarball names scripts/release writes (test/scripts/release.test.ts checks them).
    assert.match(script, /npm publish .*"release\/pulumi-esign-\$VERSION\.tgz"/);
    assert.match(script, /npm publish .*"release\/esign-pulumi-\$VERSION\.tgz"/);
    assert.ok(uses(rel, "pypa/gh-action-pypi-publish"), "PyPI through the trusted-publishing action");
    assert.ok(!JSON.stringify(rel).includes("PYPI_TOKEN") && !JSON.stringify(uses(rel, "pypa/gh-action-pypi-publish")?.with ?? {}).includes("password"), "no PyPI token: trusted publishing");
    assert.match(script, /gh api "repos\/\$GITHUB_REPOSITORY\/git\/refs" -f "ref=refs\/tags\/sdk\/v\$VERSION" -f "sha=\$GITHUB_SHA"/, "the Go SDK's tag sdk/vX.Y.Z");
  });

  it("acceptance.yml runs the acceptance run on a schedule with the account's secret, actions pinned to commit SHAs, and always sweeps after it", () => {
    const acc = load("acceptance.yml");
    assert.ok(acc.on.schedule?.[0]?.cron && "workflow_dispatch" in acc.on, "scheduled, and runnable by hand");
    assert.deepStrictEqual(acc.permissions, { contents: "read" });
    for (const step of steps(acc).filter((st) => st.uses)) assert.match(step.uses!, /^[\w.-]+\/[\w.-]+@[0-9a-f]{40}$/, `${step.uses} is pinned to a commit`);
    const job = Object.values(acc.jobs)[0];
    const env = job.env ?? {};
    assert.strictEqual(env.ESIGN_ACCEPTANCE_FAX, "${{ vars.ESIGN_ACCEPTANCE_FAX }}", "fax lines (money) only when the repository says so");
    const run = steps(acc).find((st) => st.run?.trim() === "npm run test:acceptance");
    const sweep = steps(acc).find((st) => st.run?.trim() === "npm run test:acceptance -- --sweep") as Step & { if?: string };
    assert.ok(run && sweep, "the run, then the sweeper");
    // The key only where the service is called: not in the job's env, not in npm ci's (install scripts) step.
    assert.strictEqual(env.ESIGN_ACCEPTANCE_API_KEY, undefined, "the key is not in the job's environment");
    const withKey = steps(acc).filter((st) => JSON.stringify(st).includes("secrets."));
    assert.deepStrictEqual(withKey, [run, sweep]);
    for (const st of withKey) assert.strictEqual(st.env?.ESIGN_ACCEPTANCE_API_KEY, "${{ secrets.ESIGN_ACCEPTANCE_API_KEY }}");
    const prepare = steps(acc).findIndex((st) => /scripts\/install-deps\n\s*scripts\/build\n\s*scripts\/ensure-pulumi/.test(st.run ?? ""));
    assert.ok(prepare >= 0 && prepare < steps(acc).indexOf(run!), "dependencies, build and CLI made before, without the key");
    assert.strictEqual(sweep.if, "always()", "the sweeper runs after a failed run too");
    const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8"));
    assert.strictEqual(pkg.scripts["test:acceptance"], "bash scripts/acceptance");
  });
});
