/**
 * A platform's Node.js executable from the npm registry (`npm pack <package>@<version>`), kept
 * in ${ESIGN_CACHE_DIR:-~/.cache/pulumi-esign}/node-bin/<package>-<version>/: about 50 MB to
 * download per target, once. Every use checks it against the SHA-256 pinned in the repository
 * (node-sha256.json, from Node.js's published checksums: DECISIONS D133), a cache hit too: the
 * npm packages redistribute Node.js, and a cache outlives the checkout that filled it.
 */
const { execFileSync } = require("child_process");
const nodeCrypto = require("crypto");
const fs = require("fs");
const path = require("path");
const { cacheDir, withLock } = require("./cache");
const { hostTarget } = require("./targets");

const PINS = require("./node-sha256.json");
const root = path.resolve(__dirname, "..", "..");

function sha256(file) {
  return nodeCrypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");
}

/** `file` when its SHA-256 is the one pinned for Node.js `version` on `target`; else a one-line refusal. */
function verifyNodeBinary(target, version, file) {
  const want = PINS.version === version ? PINS.sha256[target] : undefined;
  if (!want) throw new Error(`no pinned SHA-256 for Node.js ${version} on ${target} in scripts/plugin/node-sha256.json: pin it from Node.js's SHASUMS256.txt first`);
  const got = sha256(file);
  if (got !== want) throw new Error(`Node.js ${version} for ${target} (${file}) has SHA-256 ${got}, not the pinned ${want} (scripts/plugin/node-sha256.json): refused; delete it to fetch it again`);
  return file;
}

function nodeBinary(target, spec, version, label = "build-plugin") {
  const dir = path.join(cacheDir(), "node-bin", `${spec.npm}-${version}`);
  const file = path.join(dir, path.basename(spec.file));
  if (fs.existsSync(file)) return verifyNodeBinary(target, version, file);
  return withLock(`node-bin-${spec.npm}-${version}`, () => {
    if (fs.existsSync(file)) return verifyNodeBinary(target, version, file);
    const tmp = fs.mkdtempSync(path.join(cacheDir(), ".node-bin-"));
    try {
      process.stderr.write(`${label}: fetching ${spec.npm}@${version} (Node.js for ${target}) from the npm registry\n`);
      const tgz = execFileSync("npm", ["pack", "--silent", `${spec.npm}@${version}`], { cwd: tmp, encoding: "utf8" })
        .trim()
        .split("\n")
        .pop();
      execFileSync("tar", ["-xzf", path.join(tmp, tgz), "-C", tmp, `package/${spec.file}`]);
      // Checked before it enters the cache: a wrong download is never kept.
      verifyNodeBinary(target, version, path.join(tmp, "package", spec.file));
      fs.mkdirSync(dir, { recursive: true });
      fs.renameSync(path.join(tmp, "package", spec.file), file);
      return file;
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
}

/** This machine's Node.js of the targets' version (scripts/ensure-node), which writes the SEA blobs; checked like the others. */
function blobNode(version) {
  const out = execFileSync(path.join(root, "scripts", "ensure-node"), [version.split(".")[0]], {
    encoding: "utf8",
    env: { ...process.env, ESIGN_NODE_VERSION: version },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return verifyNodeBinary(hostTarget(), version, path.join(out.trim().split("\n").pop(), "node"));
}

/** The Node.js executable a target's executable is made from: this machine's own (it writes the blobs) or the registry's. */
function targetNode(target, spec, version, label) {
  return target === hostTarget() ? blobNode(version) : nodeBinary(target, spec, version, label);
}

module.exports = { nodeBinary, blobNode, targetNode, verifyNodeBinary, sha256, PINS };
