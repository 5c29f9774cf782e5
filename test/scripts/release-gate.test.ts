/**
 * The release gates around the schema check: scripts/check-schema-compat finds the last release's
 * schema from the v* tags of the repository it runs in (what every pull request runs), and
 * version-info says how a version is published (a prerelease never becomes `latest`).
 */
import * as assert from "assert";
import { execFileSync, spawnSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { versionInfo } from "../../scripts/release-support/version-info";

const repoRoot = path.resolve(__dirname, "..", "..");

describe("release: version-info (how a version is published)", () => {
  it("a final version is npm's latest and the same on PyPI", () => {
    assert.deepStrictEqual(versionInfo("1.2.0"), { prerelease: false, npmTag: "latest", pypiVersion: "1.2.0" });
    assert.deepStrictEqual(versionInfo("v0.1.0"), { prerelease: false, npmTag: "latest", pypiVersion: "0.1.0" });
  });

  it("rc, beta and alpha versions are npm's next and PEP 440 prereleases, as Pulumi's Python generator spells them", () => {
    assert.deepStrictEqual(versionInfo("1.2.0-rc.1"), { prerelease: true, npmTag: "next", pypiVersion: "1.2.0rc1" });
    assert.deepStrictEqual(versionInfo("2.0.0-beta.3"), { prerelease: true, npmTag: "next", pypiVersion: "2.0.0b3" });
    assert.deepStrictEqual(versionInfo("2.0.0-alpha10"), { prerelease: true, npmTag: "next", pypiVersion: "2.0.0a10" });
  });

  it("refuses a prerelease PyPI would not see as one, and what is no version", () => {
    assert.throws(() => versionInfo("1.2.0-preview"), /prerelease "preview" of 1\.2\.0-preview is not alpha\.N, beta\.N or rc\.N/);
    assert.throws(() => versionInfo("1.2.0-rc"), /not alpha\.N, beta\.N or rc\.N/);
    assert.throws(() => versionInfo("1.2"), /not a semantic version/);
    const cli = spawnSync(process.execPath, [path.join(repoRoot, "scripts", "run-ts.js"), path.join(repoRoot, "scripts", "release-support", "version-info.ts"), "1.2.0-rc.2"], { encoding: "utf8" });
    assert.strictEqual(cli.stdout, "prerelease=true\nnpm_tag=next\npypi_version=1.2.0rc2\n", cli.stderr);
  });
});

describe("release: scripts/check-schema-compat against the last v* tag", function () {
  this.timeout(120_000);
  let repo: string;
  const schema = {
    language: { go: { modulePath: "example.com/x/sdk", importBasePath: "example.com/x/sdk/go/esign" } },
    resources: { "esign:index:Team": { properties: { name: { type: "string" } }, required: ["name"] } },
  };
  const git = (...args: string[]) => execFileSync("git", args, { cwd: repo, stdio: ["ignore", "pipe", "pipe"] });
  const write = (version: string, s: unknown) => {
    fs.writeFileSync(path.join(repo, "package.json"), JSON.stringify({ version }));
    fs.writeFileSync(path.join(repo, "schema.json"), JSON.stringify(s));
  };
  const gate = () => spawnSync(path.join(repo, "scripts", "check-schema-compat"), [], { cwd: repo, encoding: "utf8" });

  before(() => {
    // A repository of its own (its tags are the releases), with our gate and its TypeScript runner.
    repo = fs.mkdtempSync(path.join(os.tmpdir(), "esign-gate-"));
    fs.mkdirSync(path.join(repo, "scripts", "release-support"), { recursive: true });
    for (const f of ["check-schema-compat", "run-ts.js", "release-support/check-compat.ts", "release-support/compat.ts"])
      fs.copyFileSync(path.join(repoRoot, "scripts", f), path.join(repo, "scripts", f));
    fs.chmodSync(path.join(repo, "scripts", "check-schema-compat"), 0o755);
    fs.symlinkSync(path.join(repoRoot, "node_modules"), path.join(repo, "node_modules"));
    fs.copyFileSync(path.join(repoRoot, "tsconfig.json"), path.join(repo, "tsconfig.json"));
    git("init", "-q");
    git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "--allow-empty", "-m", "start");
  });
  after(() => fs.rmSync(repo, { recursive: true, force: true }));

  it("with no release yet, checks the Go module path only", () => {
    write("1.0.0", schema);
    const r = gate();
    assert.strictEqual(r.status, 0, r.stderr);
    assert.match(r.stderr, /no earlier v\* tag/);
  });

  it("compares with the newest v* tag below the version: an output no longer required fails a minor release, in one line", () => {
    write("1.0.0", schema);
    git("add", "-A");
    git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "v1");
    git("tag", "v1.0.0");
    write("1.1.0", { ...schema, resources: { "esign:index:Team": { properties: { name: { type: "string" } }, required: [] } } });
    const r = gate();
    assert.strictEqual(r.status, 1);
    assert.match(r.stderr, /^release: the schema of 1\.1\.0 breaks 1\.0\.0's \(only a new major version may\): resource "esign:index:Team": output "name" is no longer required$/m);
  });

  it("a major version may break, but only with the Go module path moved to /v2", () => {
    const broken = { ...schema, resources: {} };
    write("2.0.0", broken);
    const r = gate();
    assert.strictEqual(r.status, 1);
    assert.match(r.stderr, /the Go module path must end in \/v2/);
    write("2.0.0", { ...broken, language: { go: { modulePath: "example.com/x/sdk/v2", importBasePath: "example.com/x/sdk/v2/go/esign" } } });
    const ok = gate();
    assert.strictEqual(ok.status, 0, ok.stderr);
    assert.match(ok.stderr, /2\.0\.0 is a new major version; breaking schema changes since 1\.0\.0/);
  });
});
