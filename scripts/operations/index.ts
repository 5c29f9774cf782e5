/**
 * `npm run operations [-- --check] [root]`: rewrites the generated lists of operations
 * (lists.ts) from the operation table; with --check, exits 1 when one is not fresh.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { staleLists } from "./lists";

const args = process.argv.slice(2);
const root = path.resolve(args.find((a) => !a.startsWith("--")) ?? path.join(__dirname, "..", ".."));
const stale = staleLists(root);
if (args.includes("--check")) {
  for (const { file } of stale) process.stderr.write(`${file}: its list of operations is stale: run npm run operations\n`);
  process.exitCode = stale.length === 0 ? 0 : 1;
} else for (const { file, fresh } of stale) fs.writeFileSync(path.join(root, file), fresh);
