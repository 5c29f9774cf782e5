/**
 * `npm run release -- <version>` (scripts/release) end to end into a temp folder: the npm
 * tarballs of both packages, the Python wheel and sdist, the schema and SHA256SUMS; and the
 * refusals, each in one line before anything is built: another version than package.json's,
 * SDKs not regenerated for it, no CHANGELOG.md section for it, a schema that breaks the last
 * release's (from --previous-schema, or from the newest v* tag of a clone of this repository), a
 * missing plugin builder. The plugin archives are the builder's (scripts/build-plugin) and its
 * own tests'; here --skip-plugin leaves them out.
 */
import * as assert from "assert";
import { execFileSync } from "child_process";
import * as crypto from "crypto";
import * as fs from "fs";
import * as path from "path";
import { repoRoot, run, runOk, tempDir } from "../packaging/support";

const release = path.join(repoRoot, "scripts", "release");
const version: string = require("../../package.json").version;
const schema = () => JSON.parse(fs.readFileSync(path.join(repoRoot, "schema.json"), "utf8"));
const lines = (s: string) => s.split("\n").filter((l) => l.startsWith("release: "));

/** A tarball's package/package.json. */
function packedManifest(tgz: string): { name: string; version: string; repository?: unknown } {
  return JSON.parse(execFileSync("tar", ["-xzOf", tgz, "package/package.json"], { encoding: "utf8" }));
}

describe("release: scripts/release", function () {
  this.timeout(900_000);
  let tmp: string;
  before(() => (tmp = tempDir("release")));
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it("builds both npm packages, the wheel and sdist, the schema and SHA256SUMS into one folder", async () => {
    // The last release's schema lacked a resource: an addition, which a minor release may make.
    const previous = schema();
    const added = Object.keys(previous.resources)[0];
    delete previous.resources[added];
    fs.writeFileSync(path.join(tmp, "previous.json"), JSON.stringify(previous));
    const out = path.join(tmp, "out");
    const r = await runOk(release, [version, "--skip-plugin", "--out", out, "--previous-schema", path.join(tmp, "previous.json"), "--previous-version", "0.0.1"], { cwd: repoRoot });
    assert.strictEqual(r.stdout.trim().split("\n").pop(), fs.realpathSync(out), "the folder is the last line of stdout");
    assert.match(r.stderr, new RegExp(`release: the schema of ${version} is compatible with 0\\.0\\.1's`));

    const files = fs.readdirSync(out).sort();
    assert.deepStrictEqual(
      files,
      ["SHA256SUMS", `esign-pulumi-${version}.tgz`, `pulumi-esign-${version}.tgz`, `pulumi_esign-${version}-py3-none-any.whl`, `pulumi_esign-${version}.tar.gz`, "schema.json"].sort(),
    );

    const sums = fs
      .readFileSync(path.join(out, "SHA256SUMS"), "utf8")
      .trim()
      .split("\n")
      .map((l) => l.split(/\s+/));
    assert.deepStrictEqual(
      sums.map(([, f]) => f).sort(),
      files.filter((f) => f !== "SHA256SUMS"),
    );
    for (const [sum, file] of sums)
      assert.strictEqual(
        crypto
          .createHash("sha256")
          .update(fs.readFileSync(path.join(out, file)))
          .digest("hex"),
        sum,
        file,
      );

    const dynamic = packedManifest(path.join(out, `pulumi-esign-${version}.tgz`));
    assert.deepStrictEqual([dynamic.name, dynamic.version], ["pulumi-esign", version]);
    assert.deepStrictEqual(dynamic.repository, { type: "git", url: "git+https://github.com/esign/pulumi-esign.git" });
    const sdk = packedManifest(path.join(out, `esign-pulumi-${version}.tgz`));
    assert.deepStrictEqual([sdk.name, sdk.version], ["@esign/pulumi", version]);
    const sdkFiles = execFileSync("tar", ["-tzf", path.join(out, `esign-pulumi-${version}.tgz`)], { encoding: "utf8" }).split("\n");
    assert.ok(sdkFiles.includes("package/index.js") && sdkFiles.includes("package/index.d.ts"), "the SDK tarball holds the compiled package");

    const wheel = execFileSync("python3", ["-m", "zipfile", "-l", path.join(out, `pulumi_esign-${version}-py3-none-any.whl`)], { encoding: "utf8" });
    assert.match(wheel, /pulumi_esign\/team\.py/);
    assert.match(wheel, /pulumi_esign\/pulumi-plugin\.json/);
    assert.deepStrictEqual(JSON.parse(fs.readFileSync(path.join(out, "schema.json"), "utf8")), schema());
  });

  it("refuses a version other than package.json's, in one line, building nothing", async () => {
    const out = path.join(tmp, "wrong-version");
    const r = await run(release, ["9.9.9", "--skip-plugin", "--out", out], { cwd: repoRoot });
    assert.strictEqual(r.code, 1);
    assert.deepStrictEqual(lines(r.stderr), [`release: version 9.9.9 is not package.json's (${version}): set it there (then npm run schema, scripts/gen-sdks), commit, and release that commit`]);
    assert.ok(!fs.existsSync(out));
    const bad = await run(release, ["1.2", "--skip-plugin"], { cwd: repoRoot });
    assert.deepStrictEqual([bad.code, lines(bad.stderr)], [1, ['release: version "1.2" is not X.Y.Z (semver)']]);
  });

  it("refuses a schema that breaks --previous-schema's without a major bump, naming each change", async () => {
    const previous = schema();
    previous.resources["esign:index:Retired"] = { properties: { id: { type: "string" } }, inputProperties: {} };
    const team = previous.resources["esign:index:Team"];
    team.inputProperties.legacyName = { type: "string" };
    fs.writeFileSync(path.join(tmp, "broken.json"), JSON.stringify(previous));
    const out = path.join(tmp, "broken");
    const r = await run(release, [version, "--skip-plugin", "--out", out, "--previous-schema", path.join(tmp, "broken.json"), "--previous-version", "0.0.9"], { cwd: repoRoot });
    assert.strictEqual(r.code, 1);
    assert.deepStrictEqual(lines(r.stderr), [
      `release: the schema of ${version} breaks 0.0.9's (only a new major version may): resource "esign:index:Team": input "legacyName" was removed; resource "esign:index:Retired" was removed`,
    ]);
    assert.ok(!fs.existsSync(out), "nothing was built");
  });

  it("compares with the newest v* tag below the version when no schema is given (a clone with tags)", async () => {
    // A clone, so the tags stay out of this repository; its node_modules are this checkout's.
    const clone = path.join(tmp, "clone");
    execFileSync("git", ["clone", "--quiet", "--no-tags", "--shared", repoRoot, clone]);
    // The worktree's uncommitted files are what is under test: copy the release's own files over.
    for (const f of ["scripts/release", "scripts/release-support/compat.ts", "scripts/release-support/check-compat.ts", "scripts/run-ts.js", "package.json", "schema.json", "CHANGELOG.md"]) {
      fs.mkdirSync(path.dirname(path.join(clone, f)), { recursive: true });
      fs.copyFileSync(path.join(repoRoot, f), path.join(clone, f));
    }
    fs.symlinkSync(path.join(repoRoot, "node_modules"), path.join(clone, "node_modules"));
    const git = (...args: string[]) => execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], { cwd: clone, stdio: "ignore" });
    const current = fs.readFileSync(path.join(clone, "schema.json"), "utf8");
    const withExtra = (name: string) => {
      const s = JSON.parse(current);
      s.functions[`esign:index:${name}`] = { outputs: { properties: { id: { type: "string" } } } };
      return JSON.stringify(s, null, 2);
    };
    // v0.0.1 had getOld, v0.0.2 had getNewer: the check must compare with v0.0.2, the newest below.
    for (const [tag, fn] of [
      ["v0.0.1", "getOld"],
      ["v0.0.2", "getNewer"],
    ]) {
      fs.writeFileSync(path.join(clone, "schema.json"), withExtra(fn));
      git("commit", "--quiet", "--allow-empty", "-am", tag);
      git("tag", tag);
    }
    // A later tag (v9.0.0) is not the previous release of this version.
    git("tag", "v9.0.0");
    fs.writeFileSync(path.join(clone, "schema.json"), current);
    const r = await run(path.join(clone, "scripts", "release"), [version, "--skip-plugin", "--out", path.join(tmp, "tagged")], { cwd: clone });
    assert.strictEqual(r.code, 1);
    assert.deepStrictEqual(lines(r.stderr), [`release: the schema of ${version} breaks 0.0.2's (only a new major version may): function "esign:index:getNewer" was removed`]);

    // A version bump without a regeneration: the SDKs still say the old version.
    const pkg = JSON.parse(fs.readFileSync(path.join(clone, "package.json"), "utf8"));
    fs.writeFileSync(path.join(clone, "package.json"), JSON.stringify({ ...pkg, version: "7.7.7" }));
    const stale = await run(path.join(clone, "scripts", "release"), ["7.7.7", "--skip-plugin"], { cwd: clone });
    assert.deepStrictEqual([stale.code, lines(stale.stderr)], [1, [`release: sdk/nodejs/package.json says version ${version}, not 7.7.7: run npm run schema && scripts/gen-sdks, and commit`]]);
    fs.writeFileSync(path.join(clone, "package.json"), JSON.stringify(pkg));

    // No release notes, no release.
    const changelog = fs.readFileSync(path.join(clone, "CHANGELOG.md"), "utf8");
    fs.writeFileSync(path.join(clone, "CHANGELOG.md"), changelog.replace(`## [${version}]`, "## [0.0.0]"));
    const notes = await run(path.join(clone, "scripts", "release"), [version, "--skip-plugin"], { cwd: clone });
    assert.deepStrictEqual([notes.code, lines(notes.stderr)], [1, [`release: CHANGELOG.md has no "## [${version}]" section (the release notes): add it`]]);
  });

  it("without --skip-plugin, a missing plugin or esign builder fails in one line", async () => {
    const r = await run(release, [version, "--out", path.join(tmp, "no-plugin")], { cwd: repoRoot, env: { ...process.env, ESIGN_BUILD_PLUGIN: path.join(tmp, "build-plugin") } });
    assert.deepStrictEqual([r.code, lines(r.stderr)], [1, [`release: ${path.join(tmp, "build-plugin")} (the plugin archives' builder) is missing: pass --skip-plugin to build the rest`]]);
    const esign = await run(release, [version, "--out", path.join(tmp, "no-esign")], { cwd: repoRoot, env: { ...process.env, ESIGN_BUILD_ESIGN: path.join(tmp, "build-esign") } });
    assert.deepStrictEqual(
      [esign.code, lines(esign.stderr)],
      [1, [`release: ${path.join(tmp, "build-esign")} (the esign executables' builder) is missing: pass --skip-plugin to build the rest`]],
    );
  });
});
