/**
 * scripts/build-plugin's and scripts/build-esign's implementation: the release archives of a
 * product (targets.js PRODUCTS): the native provider plugin,
 * `pulumi-resource-esign-v<version>-<os>-<arch>.tar.gz`, or the `esign` command,
 * `esign-v<version>-<os>-<arch>.tar.gz`, each holding one self-contained executable: a Node.js
 * single executable application (the platform's Node.js binary from the npm registry with the
 * bundled product injected by postject; macOS ones re-signed ad hoc by rcodesign). DECISIONS.md D50, D108.
 *
 * Archives are cached under ${ESIGN_CACHE_DIR:-~/.cache/pulumi-esign}/<product>/<key>/, the key a
 * hash of the sources, the lockfile, these scripts, the product, the version and the Node.js
 * version: a rebuild with nothing changed copies files.
 */
const { execFileSync } = require("child_process");
const nodeCrypto = require("crypto");
const fs = require("fs");
const path = require("path");
const { bundle } = require("./bundle");
const { cacheDir, withLock } = require("./cache");
const { blobNode, targetNode } = require("./node-binary");
const { NODE_VERSION, TARGETS, PRODUCTS, hostTarget, executableName, archiveName } = require("./targets");

const root = path.resolve(__dirname, "..", "..");
const SEA_FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";
let script = "build-plugin";
const log = (message) => process.stderr.write(`${script}: ${message}\n`);

function usage(message) {
  log(message);
  log(`usage: scripts/${script} [--version V] [--out DIR] [--targets linux-amd64,darwin-arm64,...]`);
  process.exit(2);
}

function parseArgs(argv) {
  const opts = { product: "plugin", version: undefined, out: undefined, targets: Object.keys(TARGETS) };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s);
    const value = () => inline ?? argv[++i] ?? usage(`${flag} needs a value`);
    if (flag === "--product") {
      opts.product = value();
      if (!PRODUCTS[opts.product]) usage(`--product must be one of ${Object.keys(PRODUCTS).join(", ")}`);
      script = PRODUCTS[opts.product].script;
    } else if (flag === "--version") opts.version = value().replace(/^v/, "");
    else if (flag === "--out") opts.out = path.resolve(value());
    else if (flag === "--targets")
      opts.targets = value()
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean);
    else usage(`unknown argument ${argv[i]}`);
  }
  opts.out ??= path.join(root, "dist", opts.product);
  opts.version ??= JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).version;
  if (!/^\d+\.\d+\.\d+([-+][\w.+-]+)?$/.test(opts.version)) usage(`--version ${opts.version} is not a semantic version`);
  const unknown = opts.targets.filter((t) => !TARGETS[t]);
  if (unknown.length || !opts.targets.length) usage(`--targets: ${unknown.join(",") || "none given"} (known: ${Object.keys(TARGETS).join(",")})`);
  return opts;
}

/** Every file under `dir` (relative to root), sorted. */
function walk(dir) {
  const abs = path.join(root, dir);
  if (!fs.existsSync(abs)) return [];
  return fs
    .readdirSync(abs, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .sort();
}

/** The cache key: what the bundle is made of (sources, locked dependencies) and how it is built. */
function cacheKey(product, version) {
  const hash = nodeCrypto.createHash("sha256").update(`${product}\0${version}\0${NODE_VERSION}\0`);
  const files = [...walk("provider"), ...walk("contract"), ...walk("scripts/plugin"), `scripts/${PRODUCTS[product].script}`, "package-lock.json", "tsconfig.json"];
  for (const f of files)
    hash
      .update(`${f}\0`)
      .update(fs.readFileSync(path.join(root, f)))
      .update("\0");
  return hash.digest("hex").slice(0, 16);
}

/**
 * The SEA blob. A V8 code cache saves most of the start-up's compile time, and a V8 start-up
 * snapshot (the plugin's bundle already evaluated: DECISIONS D111) the evaluation too, but both
 * are valid only for the V8 build and CPU they were made with, so only the blob for this machine's
 * own target has one: the plugin's a snapshot, the `esign` command's a code cache.
 */
function writeBlob(build, host) {
  const { dir, lockPrefix } = build;
  const kind = !host ? "sea" : build.snapshotFile ? "sea-snapshot" : "sea-cached";
  const blob = path.join(dir, `${kind}.blob`);
  return withLock(`${lockPrefix}-${kind}`, () => {
    if (fs.existsSync(blob)) return blob;
    const config = path.join(dir, `${kind}.json`);
    const snapshot = kind === "sea-snapshot";
    const main = snapshot ? build.snapshotFile : build.bundleFile;
    fs.writeFileSync(config, JSON.stringify({ main, output: `${blob}.tmp`, disableExperimentalSEAWarning: true, useCodeCache: kind === "sea-cached", useSnapshot: snapshot }));
    // The snapshot holds the state the bundle's evaluation made: none of this machine's variables (an ESIGN_API_KEY) may reach it.
    const env = snapshot ? { PATH: "/usr/bin:/bin" } : process.env;
    execFileSync(blobNode(NODE_VERSION), ["--experimental-sea-config", config], { cwd: dir, env, stdio: ["ignore", "ignore", snapshot ? "pipe" : "inherit"] });
    fs.renameSync(`${blob}.tmp`, blob);
    return blob;
  });
}

function rcodesign() {
  const out = execFileSync(path.join(root, "scripts", "ensure-rcodesign"), { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  return path.join(out.trim().split("\n").pop(), "rcodesign");
}

/** One target's archive, built under its own lock: parallel builds of other targets do not wait. */
function buildTarget(build, target) {
  const archive = path.join(build.dir, archiveName(build.version, target, build.product));
  if (fs.existsSync(archive)) return archive;
  return withLock(`${build.lockPrefix}-${target}`, async () => (fs.existsSync(archive) ? archive : makeArchive(build, target, archive)));
}

async function makeArchive(build, target, archive) {
  const { dir, product } = build;
  const spec = TARGETS[target];
  const started = Date.now();
  const blob = writeBlob(build, target === hostTarget());
  const stage = fs.mkdtempSync(path.join(dir, `.stage-${target}-`));
  try {
    const exe = path.join(stage, executableName(target, product));
    // This machine's own target: the Node.js that writes the blobs is that very binary, already fetched.
    fs.copyFileSync(targetNode(target, spec, NODE_VERSION, script), exe);
    fs.chmodSync(exe, 0o755);
    const { inject } = require("postject");
    await inject(exe, "NODE_SEA_BLOB", fs.readFileSync(blob), {
      sentinelFuse: SEA_FUSE,
      ...(spec.format === "macho" ? { machoSegmentName: "NODE_SEA" } : {}),
    });
    // Injection invalidates the binary's signature; arm64 macOS runs nothing unsigned.
    if (spec.format === "macho") execFileSync(rcodesign(), ["sign", exe], { stdio: ["ignore", "ignore", "inherit"] });
    const tmp = `${archive}.tmp`;
    execFileSync("tar", ["--owner=0", "--group=0", "--numeric-owner", "--mtime=@0", "-czf", tmp, "-C", stage, executableName(target, product)]);
    fs.renameSync(tmp, archive);
    log(`${path.basename(archive)}: ${(fs.statSync(archive).size / 1048576).toFixed(1)} MiB in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return archive;
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

/** Builds of other sources not used for a day: ~250 MB each, so they go (other checkouts' recent ones stay). */
function pruneOldBuilds(keep) {
  const parent = path.dirname(keep);
  for (const name of fs.readdirSync(parent)) {
    const dir = path.join(parent, name);
    if (dir !== keep && Date.now() - fs.statSync(dir).mtimeMs > 24 * 3600_000) fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const key = cacheKey(opts.product, opts.version);
  const dir = path.join(cacheDir(), opts.product, key);
  fs.mkdirSync(dir, { recursive: true });
  const bundleFile = path.join(dir, `${opts.product}.js`);
  const build = { dir, product: opts.product, version: opts.version, bundleFile, lockPrefix: `${opts.product}-${key}` };
  // The plugin's host-target blob is a start-up snapshot of its own bundle (bundle.js, D111).
  if (opts.product === "plugin" && opts.targets.includes(hostTarget())) build.snapshotFile = path.join(dir, `${opts.product}-snapshot.js`);
  for (const [file, snapshot] of [
    [bundleFile, false],
    [build.snapshotFile, true],
  ]) {
    if (!file) continue;
    await withLock(`${build.lockPrefix}-bundle${snapshot ? "-snapshot" : ""}`, async () => {
      if (fs.existsSync(file)) return;
      await bundle(`${file}.tmp.js`, opts.version, PRODUCTS[opts.product], { snapshot });
      fs.renameSync(`${file}.tmp.js`, file);
    });
  }
  const archives = [];
  for (const target of opts.targets) archives.push(await buildTarget(build, target));
  fs.utimesSync(dir, new Date(), new Date());
  pruneOldBuilds(dir);
  fs.mkdirSync(opts.out, { recursive: true });
  for (const archive of archives) {
    const dest = path.join(opts.out, path.basename(archive));
    fs.copyFileSync(archive, dest);
    console.log(dest);
  }
}

main().catch((error) => {
  log(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
