/** The build cache (${ESIGN_CACHE_DIR:-~/.cache/pulumi-esign}) and a lock for filling it. */
const { execFileSync } = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");

function cacheDir() {
  const dir = process.env.ESIGN_CACHE_DIR || path.join(os.homedir(), ".cache", "pulumi-esign");
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Runs `fn` (sync or async) holding an exclusive lock (a directory made atomically), so parallel builds (test
 * suites, other checkouts sharing the cache) fill each entry once. A lock older than 30 minutes
 * is a crashed build's and is taken over.
 */
function withLock(name, fn) {
  const lock = path.join(cacheDir(), `.${name}.lock`);
  const deadline = Date.now() + 30 * 60_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 30 * 60_000) fs.rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`build-plugin: the lock ${lock} is still held after 30 minutes`);
      else execFileSync("sleep", ["1"]);
    }
  }
  const release = () => fs.rmSync(lock, { recursive: true, force: true });
  let result;
  try {
    result = fn();
  } catch (error) {
    release();
    throw error;
  }
  if (result && typeof result.then === "function") return result.finally(release);
  release();
  return result;
}

module.exports = { cacheDir, withLock };
