/**
 * Decisions as one file each (docs/decisions/D<NNN>-<slug>.md: front matter with the number,
 * theme and status, then `# D<N>. Title` and the body) and DECISIONS.md as their generated
 * index. Read by the generator (index.ts), the one-shot splitter (split.ts) and the index test.
 */
import * as fs from "node:fs";
import * as path from "node:path";

export const DECISIONS_DIR = "docs/decisions";
export const INDEX_FILE = "DECISIONS.md";

export interface Decision {
  number: number;
  title: string;
  theme: string;
  /** "in force", "superseded by D133 ...", "amended by D35 ...": as the index shows it. */
  status: string;
  /** The text after the title, without surrounding blank lines. */
  body: string;
}

/** `D001-the-pulumi-cli-is-built....md`: the number padded so the folder lists in order, the title's words. */
export function fileNameOf(d: Pick<Decision, "number" | "title">): string {
  const words = d.title
    .toLowerCase()
    .replace(/[`'’"]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  let slug = words.slice(0, 60);
  if (words.length > 60 && slug.includes("-")) slug = slug.slice(0, slug.lastIndexOf("-"));
  return `D${String(d.number).padStart(3, "0")}-${slug || "untitled"}.md`;
}

/** A decision's file: front matter (each value a JSON string, which YAML reads too), the title, the body. */
export function renderDecision(d: Decision): string {
  return ["---", `number: ${d.number}`, `theme: ${JSON.stringify(d.theme)}`, `status: ${JSON.stringify(d.status)}`, "---", "", `# D${d.number}. ${d.title}`, "", d.body, ""].join("\n");
}

export function parseDecision(text: string, file: string): Decision {
  const m = /^---\n([\s\S]*?)\n---\n+# D(\d+)\. (.*)\n([\s\S]*)$/.exec(text.replace(/\r\n/g, "\n"));
  if (!m) throw new Error(`${file}: not a decision file (front matter, then "# D<N>. Title")`);
  const meta: Record<string, string> = {};
  for (const line of m[1].split("\n")) {
    const kv = /^(\w+):\s*(.*)$/.exec(line);
    if (kv) meta[kv[1]] = kv[2].startsWith('"') ? (JSON.parse(kv[2]) as string) : kv[2];
  }
  const number = Number(m[2]);
  if (meta.number !== undefined && Number(meta.number) !== number) throw new Error(`${file}: front matter says number ${meta.number}, the title D${number}`);
  return { number, title: m[3].trim(), theme: meta.theme ?? "", status: meta.status ?? "in force", body: m[4].replace(/^\n+|\s+$/g, "") };
}

/** Every decision file, by file name (so by number). */
export function readDecisionFiles(root: string): { file: string; decision: Decision }[] {
  const dir = path.join(root, DECISIONS_DIR);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => /^D\d+-.*\.md$/.test(f))
    .sort()
    .map((f) => ({ file: `${DECISIONS_DIR}/${f}`, decision: parseDecision(fs.readFileSync(path.join(dir, f), "utf8"), f) }));
}

/** Numbers below the highest that no decision has. */
export function gapsOf(numbers: number[]): number[] {
  const have = new Set(numbers);
  const gaps: number[] = [];
  for (let n = 1; n < Math.max(0, ...numbers); n++) if (!have.has(n)) gaps.push(n);
  return gaps;
}

const cell = (s: string) => s.replace(/\|/g, "\\|");

/** DECISIONS.md: the index of the decision files, in number order; superseded titles struck through. */
export function renderIndex(root: string): string {
  const all = readDecisionFiles(root).sort((a, b) => a.decision.number - b.decision.number);
  const rows = all.map(({ file, decision: d }) => {
    const title = /^superseded/i.test(d.status) ? `~~${cell(d.title)}~~` : cell(d.title);
    // "in force" goes unsaid (the header says so; the splitter reads a blank status as in force).
    const status = d.status === "in force" ? "" : cell(d.status);
    return `| [D${d.number}](${file}) | ${cell(d.theme)} | ${status} | ${title} |`;
  });
  const gaps = gapsOf(all.map((d) => d.decision.number));
  return [
    "# Decisions",
    "",
    "Short records of choices that are not obvious from the code, one file each in",
    `[${DECISIONS_DIR}/](${DECISIONS_DIR}/). This index is generated from their front matter`,
    "(`npm run decisions`); a new decision is a new file there (the next free number, its theme",
    "and status), a superseded or amended one changes its `status`. A blank status is in force.",
    "",
    "| | theme | status | decision |",
    "|---|---|---|---|",
    ...rows,
    "",
    `Numbers not used: ${gaps.length ? gaps.map((n) => `D${n}`).join(", ") : "none"}.`,
    "",
  ].join("\n");
}
