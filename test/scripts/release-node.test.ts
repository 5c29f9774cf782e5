/**
 * What the release ships runs a Node.js checked against a SHA-256 pinned in the repository
 * (scripts/plugin/node-sha256.json, D133): `scripts/release --dry-run` checks every target's
 * binary, builds this machine's executables and the packages, and writes SHA256SUMS naming every
 * file (the set the release workflow attests); a binary changed in the cache (a cache hit, never
 * fetched again) is refused in one line before anything is built.
 */
import * as assert from "assert";
import * as crypto from "crypto";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { repoRoot, run, runOk, tempDir } from "../packaging/support";

// The build scripts are CommonJS without types.
const { NODE_VERSION, TARGETS, hostTarget, archiveName } = require("../../scripts/plugin/targets");
const PINS: { version: string; sha256: Record<string, string> } = require("../../scripts/plugin/node-sha256.json");

const release = path.join(repoRoot, "scripts", "release");
const version: string = require("../../package.json").version;
const cache = process.env.ESIGN_CACHE_DIR || path.join(os.homedir(), ".cache", "pulumi-esign");
/** Where the cache keeps each target's Node.js (node-binary.js; this machine's own: scripts/ensure-node). */
const cached = (target: string, root = cache) =>
  target === hostTarget() ? path.join(root, `node-v${NODE_VERSION}`, "bin", "node") : path.join(root, "node-bin", `${TARGETS[target].npm}-${NODE_VERSION}`, path.basename(TARGETS[target].file));
const sha256 = (file: string) => crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");
const verified = (stderr: string) => stderr.split("\n").filter((l) => / as pinned$/.test(l));

describe("release: every target's Node.js against its pinned SHA-256", function () {
  this.timeout(900_000); // cold: six Node.js packages to fetch, two bundles and executables to build
  let tmp: string;
  before(async () => {
    tmp = tempDir("release-node");
    await runOk("node", [path.join(repoRoot, "scripts", "plugin", "verify-node.js")], { cwd: repoRoot });
    const previous = JSON.parse(fs.readFileSync(path.join(repoRoot, "schema.json"), "utf8"));
    fs.writeFileSync(path.join(tmp, "previous.json"), JSON.stringify(previous));
  });
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const compat = () => ["--previous-schema", path.join(tmp, "previous.json"), "--previous-version", "0.0.1"];

  it("pins one SHA-256 per target, for the Node.js version the targets are built with", () => {
    assert.strictEqual(PINS.version, NODE_VERSION);
    assert.deepStrictEqual(Object.keys(PINS.sha256).sort(), Object.keys(TARGETS).sort());
    for (const [target, sum] of Object.entries(PINS.sha256)) assert.match(sum, /^[0-9a-f]{64}$/, target);
  });

  it("a dry run checks all six, builds this machine's executables and the packages, and sums every file", async () => {
    const out = path.join(tmp, "dry");
    const r = await runOk(release, [version, "--dry-run", "--out", out, ...compat()], { cwd: repoRoot });
    assert.deepStrictEqual(
      verified(r.stderr),
      Object.keys(TARGETS).map((t) => `release: Node.js ${NODE_VERSION} for ${t}: SHA-256 ${PINS.sha256[t]}, as pinned`),
    );
    const host = hostTarget();
    const files = fs.readdirSync(out).sort();
    assert.deepStrictEqual(
      files,
      [
        archiveName(version, host, "plugin"),
        archiveName(version, host, "esign"),
        "SHA256SUMS",
        `esign-pulumi-${version}.tgz`,
        `pulumi-esign-${version}.tgz`,
        `pulumi_esign-${version}-py3-none-any.whl`,
        `pulumi_esign-${version}.tar.gz`,
        "schema.json",
      ].sort(),
    );
    // SHA256SUMS in sha256sum's format names every other file with its digest: what a user checks
    // (sha256sum -c) and what the workflow attests (actions/attest-build-provenance over the folder).
    const sums = fs.readFileSync(path.join(out, "SHA256SUMS"), "utf8").trim().split("\n");
    for (const line of sums) assert.match(line, /^[0-9a-f]{64} {2}\S+$/);
    assert.deepStrictEqual(
      sums.map((l) => l.slice(66)).sort(),
      files.filter((f) => f !== "SHA256SUMS"),
    );
    for (const line of sums) assert.strictEqual(sha256(path.join(out, line.slice(66))), line.slice(0, 64), line);
  });

  it("a Node.js binary changed in the cache (a cache hit) is refused in one line, and nothing is built", async () => {
    // A cache of links to the checked binaries, but for one target a changed copy.
    const bad = path.join(tmp, "cache");
    const tampered = Object.keys(TARGETS).find((t) => t !== hostTarget())!;
    for (const target of Object.keys(TARGETS)) {
      const to = cached(target, bad);
      fs.mkdirSync(path.dirname(to), { recursive: true });
      if (target !== tampered) fs.linkSync(cached(target), to);
      else {
        const bytes = fs.readFileSync(cached(target));
        bytes[bytes.length - 1] ^= 0xff;
        fs.writeFileSync(to, bytes, { mode: 0o755 });
      }
    }
    const out = path.join(tmp, "tampered");
    const r = await run(release, [version, "--dry-run", "--out", out, ...compat()], { cwd: repoRoot, env: { ...process.env, ESIGN_CACHE_DIR: bad } });
    assert.strictEqual(r.code, 1, r.stderr);
    const last = r.stderr.trim().split("\n").pop();
    assert.strictEqual(
      last,
      `release: Node.js ${NODE_VERSION} for ${tampered} (${cached(tampered, bad)}) has SHA-256 ${sha256(cached(tampered, bad))}, not the pinned ${PINS.sha256[tampered]} (scripts/plugin/node-sha256.json): refused; delete it to fetch it again`,
    );
    assert.deepStrictEqual(fs.readdirSync(out), [], "nothing was built");
  });
});
