/**
 * The one-shot split of a monolithic DECISIONS.md (an index table, then `## D<N>. Title`
 * sections) into docs/decisions/ (one file per decision, decisions.ts), then the tree's links
 * to its anchors rewritten and DECISIONS.md written as the generated index. Idempotent: a tree
 * already split has no sections left and only gets its index regenerated; a monolith with new
 * sections (or sections changed on a branch) over an existing docs/decisions/ writes those
 * sections' files again, the section winning over an older file of its number.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { DECISIONS_DIR, fileNameOf, INDEX_FILE, readDecisionFiles, renderDecision, renderIndex, type Decision } from "./decisions";
import { rewriteLinks, rewriteText, type LinkRewrite } from "./links";

interface Row {
  theme: string;
  status: string;
}

export interface SplitResult {
  written: string[];
  removed: string[];
  links: LinkRewrite[];
  /** Index rows naming a decision that has neither a section nor a file. */
  rowsWithoutDecision: number[];
}

const cells = (line: string) =>
  line
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((c) => c.trim().replace(/\\\|/g, "|"));

/** The index rows of the monolith, by number: `| [D6](#d6-...) | theme | status | title |`. */
function indexRows(text: string): Map<number, Row> {
  const rows = new Map<number, Row>();
  for (const m of text.matchAll(/^\|\s*\[D(\d+)\]\([^)]*\)\s*\|.*\|\s*$/gm)) {
    const [, theme, status] = cells(m[0].trim());
    rows.set(Number(m[1]), { theme: theme ?? "", status: status || "in force" });
  }
  return rows;
}

/** The `## D<N>. Title` sections, each up to the next level-2 heading (code blocks skipped). */
function sections(text: string): { number: number; title: string; body: string }[] {
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  const found: { number: number; title: string; lines: string[] }[] = [];
  let current: (typeof found)[number] | undefined;
  let fence = false;
  for (const line of lines) {
    if (/^(```|~~~)/.test(line)) fence = !fence;
    const h = fence ? null : /^## (.*)$/.exec(line);
    if (h) {
      const d = /^D(\d+)\.\s+(.*)$/.exec(h[1]);
      current = d ? { number: Number(d[1]), title: d[2].trim(), lines: [] } : undefined;
      if (current) found.push(current);
    } else current?.lines.push(line);
  }
  const seen = new Set<number>();
  for (const s of found) {
    if (seen.has(s.number)) throw new Error(`${INDEX_FILE} has two sections D${s.number}: give one of them a free number first`);
    seen.add(s.number);
  }
  return found.map((s) => ({ number: s.number, title: s.title, body: s.lines.join("\n").replace(/^\n+|\s+$/g, "") }));
}

/** A section's relative links, from the repository's root to docs/decisions/: anchors of other decisions to their files. */
function relinkBody(body: string, fileOf: (n: number) => string | undefined): string {
  const rewritten = body.replace(/\]\(#d(\d+)(?:-[^()\s]*)?\)/g, (all, n: string) => {
    const f = fileOf(Number(n));
    return f ? `](${f})` : all;
  });
  return rewriteText(rewritten, INDEX_FILE, fileOf).text.replace(
    /\]\((?![a-z][a-z0-9+.-]*:|#|D\d+-)([^()\s]+)\)/gi,
    (_all, target: string) => `](${path.posix.relative(DECISIONS_DIR, path.posix.normalize(target))})`,
  );
}

export function splitDecisions(root: string): SplitResult {
  const indexPath = path.join(root, INDEX_FILE);
  const text = fs.existsSync(indexPath) ? fs.readFileSync(indexPath, "utf8") : "";
  const rows = indexRows(text);
  const found = sections(text);
  const existing = readDecisionFiles(root);
  const existingOf = new Map(existing.map((e) => [e.decision.number, e]));

  const decisions: Decision[] = found.map((s) => {
    const row = rows.get(s.number);
    const old = existingOf.get(s.number)?.decision;
    return { number: s.number, title: s.title, theme: row?.theme ?? old?.theme ?? "", status: row?.status ?? old?.status ?? "in force", body: s.body };
  });
  const names = new Map(existing.map((e) => [e.decision.number, path.posix.basename(e.file)]));
  for (const d of decisions) names.set(d.number, fileNameOf(d));
  const fileOf = (n: number) => names.get(n);

  const written: string[] = [];
  const removed: string[] = [];
  fs.mkdirSync(path.join(root, DECISIONS_DIR), { recursive: true });
  for (const d of decisions) {
    const name = fileNameOf(d);
    for (const e of existing.filter((x) => x.decision.number === d.number && path.posix.basename(x.file) !== name)) {
      fs.rmSync(path.join(root, e.file));
      removed.push(e.file);
    }
    fs.writeFileSync(path.join(root, DECISIONS_DIR, name), renderDecision({ ...d, body: relinkBody(d.body, fileOf) }));
    written.push(`${DECISIONS_DIR}/${name}`);
  }
  const links = rewriteLinks(root, fileOf);
  fs.writeFileSync(indexPath, renderIndex(root));
  const rowsWithoutDecision = [...rows.keys()].filter((n) => !names.has(n));
  return { written, removed, links, rowsWithoutDecision };
}
