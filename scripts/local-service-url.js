#!/usr/bin/env node
// local-service-url DATA_FILE: prints the URL (http://127.0.0.1:PORT) of a live local service
// that holds DATA_FILE (its lock, DATA_FILE.lock, names pid and url) and answers; exits 1 when
// there is none. scripts/local uses it to reuse a service started by scripts/local-service.
const fs = require("fs");

async function main() {
  const file = process.argv[2];
  if (!file) throw new Error("usage: local-service-url DATA_FILE");
  const lock = JSON.parse(fs.readFileSync(`${file}.lock`, "utf8"));
  process.kill(lock.pid, 0); // throws when the holder is gone
  if (typeof lock.url !== "string") throw new Error("the holder is still starting");
  const res = await fetch(`${lock.url}/_local/`, { signal: AbortSignal.timeout(3000) });
  if (!res.ok) throw new Error(`${lock.url} answered ${res.status}`);
  console.log(lock.url);
}

main().catch((e) => {
  if (process.env.ESIGN_LOCAL_DEBUG) console.error(`local-service-url: ${e.message}`);
  process.exit(1);
});
