/**
 * An operation added by ARCHITECTURE's recipe brings one test of its own
 * (test/client/<area>-<verb>.test.ts: scripts/operations/recipe.ts). The suites that walk the
 * whole table (the client's every-operation run, the service's conformance run) count such an
 * operation as covered by that file, so adding one edits only its recipe's files; its answers
 * are still checked against its response schema there (the test services run with checkReplies).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { recipeFiles } from "../../scripts/operations/recipe";

const repoRoot = path.resolve(__dirname, "..", "..");

/** Whether the operation has its own test file, as the recipe names it. */
export function hasOwnTest(id: string): boolean {
  const own = recipeFiles(id).find((file) => file.startsWith("test/"));
  return own !== undefined && fs.existsSync(path.join(repoRoot, own));
}
