/**
 * `node scripts/run-ts.js scripts/decisions/split.ts [root]`: splits DECISIONS.md's sections into
 * docs/decisions/, rewrites links to its anchors, writes the index (splitter.ts). Safe to re-run.
 */
import * as path from "node:path";
import { splitDecisions } from "./splitter";

const root = path.resolve(process.argv[2] ?? path.join(__dirname, "..", ".."));
try {
  const r = splitDecisions(root);
  const linked = r.links.reduce((s, l) => s + l.count, 0);
  process.stdout.write(`decisions: ${r.written.length} written, ${r.removed.length} old files removed, ${linked} links rewritten in ${r.links.length} files\n`);
  for (const l of r.links.filter((x) => x.unknown.length)) process.stdout.write(`  ${l.file}: links to D${l.unknown.join(", D")}, which have no decision (left as they were)\n`);
  if (r.rowsWithoutDecision.length) process.stdout.write(`  index rows without a decision (dropped): D${r.rowsWithoutDecision.join(", D")}\n`);
} catch (e) {
  process.stderr.write(`decisions: ${(e as Error).message}\n`);
  process.exitCode = 1;
}
