/**
 * A platform's Node.js executable from the npm registry (`npm pack <package>@<version>`), kept
 * in ${ESIGN_CACHE_DIR:-~/.cache/pulumi-esign}/node-bin/<package>-<version>/: about 50 MB to
 * download per target, once.
 */
const { execFileSync } = require("child_process");
const fs = require("fs");
const path = require("path");
const { cacheDir, withLock } = require("./cache");

function nodeBinary(target, spec, version, label = "build-plugin") {
  const dir = path.join(cacheDir(), "node-bin", `${spec.npm}-${version}`);
  const file = path.join(dir, path.basename(spec.file));
  if (fs.existsSync(file)) return file;
  return withLock(`node-bin-${spec.npm}-${version}`, () => {
    if (fs.existsSync(file)) return file;
    const tmp = fs.mkdtempSync(path.join(cacheDir(), ".node-bin-"));
    try {
      process.stderr.write(`${label}: fetching ${spec.npm}@${version} (Node.js for ${target}) from the npm registry\n`);
      const tgz = execFileSync("npm", ["pack", "--silent", `${spec.npm}@${version}`], { cwd: tmp, encoding: "utf8" })
        .trim()
        .split("\n")
        .pop();
      execFileSync("tar", ["-xzf", path.join(tmp, tgz), "-C", tmp, `package/${spec.file}`]);
      fs.mkdirSync(dir, { recursive: true });
      fs.renameSync(path.join(tmp, "package", spec.file), file);
      return file;
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
}

module.exports = { nodeBinary };
