#!/usr/bin/env node
/**
 * Checks every release target's Node.js executable against the SHA-256 pinned in
 * node-sha256.json, fetching what the cache lacks (scripts/release runs it before building;
 * DECISIONS D133). One line per target on stderr; the first mismatch ends it with exit 1.
 *
 *   node scripts/plugin/verify-node.js [--targets linux-amd64,darwin-arm64,...]
 */
const { targetNode, sha256 } = require("./node-binary");
const { NODE_VERSION, TARGETS } = require("./targets");

const label = "release";
const at = process.argv.indexOf("--targets");
const targets = at > 0 ? (process.argv[at + 1] ?? "").split(",").filter(Boolean) : Object.keys(TARGETS);
try {
  for (const target of targets) {
    if (!TARGETS[target]) throw new Error(`unknown target ${target} (known: ${Object.keys(TARGETS).join(",")})`);
    const file = targetNode(target, TARGETS[target], NODE_VERSION, label);
    process.stderr.write(`${label}: Node.js ${NODE_VERSION} for ${target}: SHA-256 ${sha256(file)}, as pinned\n`);
  }
} catch (error) {
  process.stderr.write(`${label}: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
