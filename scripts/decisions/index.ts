/**
 * `npm run decisions [-- --check] [root]`: writes DECISIONS.md as the index of docs/decisions/
 * (decisions.ts); with --check, exits 1 when DECISIONS.md is not what it would write.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { INDEX_FILE, renderIndex } from "./decisions";

const args = process.argv.slice(2);
const root = path.resolve(args.find((a) => !a.startsWith("--")) ?? path.join(__dirname, "..", ".."));
const index = renderIndex(root);
const file = path.join(root, INDEX_FILE);
if (args.includes("--check")) {
  const fresh = fs.existsSync(file) && fs.readFileSync(file, "utf8") === index;
  if (!fresh) process.stderr.write(`${INDEX_FILE} is not the index of docs/decisions/: run npm run decisions\n`);
  process.exitCode = fresh ? 0 : 1;
} else fs.writeFileSync(file, index);
