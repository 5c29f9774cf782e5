/**
 * Links to a decision's anchor in the monolithic DECISIONS.md (`DECISIONS.md#d31-...`), anywhere
 * in the tree, rewritten to the decision's file: a Markdown link relative to the linking file,
 * a bare mention (a code comment) relative to the repository's root.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { filesUnder } from "../house/tree";
import { DECISIONS_DIR, INDEX_FILE } from "./decisions";

/** The machinery's own files, whose examples of such links are not links. */
const OWN = ["scripts/decisions/", "test/scripts/decisions-index.test.ts"];
const TEXT = [".md", ".ts", ".js", ".yml", ".yaml", ".go", ".py", "Dockerfile"];
const MD_LINK = /\]\(((?:[^()\s#]*\/)?)DECISIONS\.md#d(\d+)(?:-[^()\s]*)?\)/g;
/** Not inside a link or a longer path (those are MD_LINK's). */
const BARE = /(?<![\w/(.-])DECISIONS\.md#d(\d+)(?:-[a-z0-9-]*)?/g;

export interface LinkRewrite {
  file: string;
  count: number;
  /** Numbers linked that have no decision file: left as they were. */
  unknown: number[];
}

/** Rewrites one file's text; `fileOf` gives a decision's file name by number. */
export function rewriteText(text: string, file: string, fileOf: (n: number) => string | undefined): { text: string; count: number; unknown: number[] } {
  let count = 0;
  const unknown: number[] = [];
  const dir = path.posix.dirname(file);
  const out = text
    .replace(MD_LINK, (all, prefix: string, n: string) => {
      const target = fileOf(Number(n));
      if (path.posix.normalize(path.posix.join(dir, `${prefix}${INDEX_FILE}`)) !== INDEX_FILE) return all; // another DECISIONS.md
      if (!target) return (unknown.push(Number(n)), all);
      count++;
      return `](${path.posix.relative(dir, `${DECISIONS_DIR}/${target}`)})`;
    })
    .replace(BARE, (all, n: string) => {
      const target = fileOf(Number(n));
      if (!target) return (unknown.push(Number(n)), all);
      count++;
      return `${DECISIONS_DIR}/${target}`;
    });
  return { text: out, count, unknown: [...new Set(unknown)] };
}

/** Rewrites every file of the tree (but the index and the decision files themselves) that links to a decision's anchor. */
export function rewriteLinks(root: string, fileOf: (n: number) => string | undefined): LinkRewrite[] {
  const done: LinkRewrite[] = [];
  for (const file of filesUnder(root, ".", TEXT)) {
    if (file === INDEX_FILE || file.startsWith(`${DECISIONS_DIR}/`) || OWN.some((o) => file.startsWith(o))) continue;
    const before = fs.readFileSync(path.join(root, file), "utf8");
    if (!before.includes("DECISIONS.md#")) continue;
    const after = rewriteText(before, file, fileOf);
    if (after.text !== before) fs.writeFileSync(path.join(root, file), after.text);
    if (after.count || after.unknown.length) done.push({ file, count: after.count, unknown: after.unknown });
  }
  return done;
}
