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

/** Whether the process that wrote `lock`/pid still runs (a lock without a live holder is stale). */
function holderAlive(lock) {
  const pid = Number(fs.readFileSync(path.join(lock, "pid"), { encoding: "utf8", flag: "r" }).trim() || NaN);
  if (!pid) return true; // just made, pid not written yet
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

/**
 * Runs `fn` (sync or async) holding an exclusive lock (a directory made atomically, holding the
 * holder's pid), so parallel builds (test suites, other checkouts sharing the cache) fill each
 * entry once. A lock whose holder has died is taken over; a live one is waited for.
 */
function withLock(name, fn) {
  const lock = path.join(cacheDir(), `.${name}.lock`);
  for (;;) {
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(path.join(lock, "pid"), String(process.pid));
      break;
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
      let alive = true;
      try {
        alive = holderAlive(lock);
      } catch {
        // the holder released it meanwhile, or has not written its pid yet
      }
      if (!alive) fs.rmSync(lock, { recursive: true, force: true });
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
