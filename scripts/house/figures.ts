/** The figures of issue 38 (item 6), measured from a tree: what `npm run house` prints. */
import * as fs from "node:fs";
import * as path from "node:path";
import { castsAndAny, untypedReplies, type CastsFigure, type RepliesFigure } from "./casts";
import { placesNamingEveryKind, type KindsFigure } from "./kinds";
import { knobs, PARSER_STYLES, type KnobFind } from "./knobs";
import { moduleState, type StateItem } from "./state";
import { filesUnder } from "./tree";

/**
 * Where the scratch-kind test (issue 38 item 1: copy the tree, add a throwaway kind, run the fast
 * tier) writes the files it had to edit outside the new kind's folder: `{ "outsideFolder": [paths] }`.
 */
export const SCRATCH_KIND_RESULT = "test/architecture/scratch-kind.result.json";

export interface Figures {
  /** Files the scratch kind needed outside its folder; undefined until that test exists. */
  newKindEdits: { count: number; files: string[] } | undefined;
  kinds: KindsFigure;
  moduleState: StateItem[];
  knobs: { styles: string[]; finds: KnobFind[] };
  casts: CastsFigure;
  replies: RepliesFigure;
  markdown: { bytes: number; files: number; largest: { file: string; bytes: number }[] };
}

function newKindEdits(root: string): Figures["newKindEdits"] {
  const file = path.join(root, SCRATCH_KIND_RESULT);
  if (!fs.existsSync(file)) return undefined;
  const files = (JSON.parse(fs.readFileSync(file, "utf8")) as { outsideFolder: string[] }).outsideFolder;
  return { count: files.length, files };
}

/** Markdown outside sdk/ (and outside installed or built folders). */
function markdown(root: string): Figures["markdown"] {
  const sizes = filesUnder(root, ".", [".md"]).map((file) => ({ file, bytes: fs.statSync(path.join(root, file)).size }));
  const largest = [...sizes].sort((a, b) => b.bytes - a.bytes || a.file.localeCompare(b.file)).slice(0, 5);
  return { bytes: sizes.reduce((s, f) => s + f.bytes, 0), files: sizes.length, largest };
}

export function measure(root: string): Figures {
  return {
    newKindEdits: newKindEdits(root),
    kinds: placesNamingEveryKind(root),
    moduleState: moduleState(root),
    knobs: knobs(root),
    casts: castsAndAny(root),
    replies: untypedReplies(root),
    markdown: markdown(root),
  };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** The figures as a table (one row each), then what each detector found. */
export function formatFigures(f: Figures): string {
  const rows: [string, string][] = [
    ["edits outside a new kind's folder", f.newKindEdits ? String(f.newKindEdits.count) : "not measured yet (issue 38 item 1)"],
    [`places naming every kind (${f.kinds.kinds.length} kinds)`, String(f.kinds.files.length)],
    ["module-level mutable state (provider/, service/)", String(f.moduleState.length)],
    ["knob styles", `${f.knobs.styles.length} (${f.knobs.styles.join(", ")})`],
    ["argument parsers", String(f.knobs.finds.filter((k) => PARSER_STYLES.includes(k.style)).length)],
    ["casts in provider/", String(f.casts.casts)],
    ["any in provider/", String(f.casts.any)],
    ["untyped service replies (reply.json + list + hand-built)", `${f.replies.json + f.replies.list + f.replies.body} (${f.replies.json} json, ${f.replies.list} list, ${f.replies.body} hand-built)`],
    ["Markdown outside sdk/", `${kb(f.markdown.bytes)} in ${f.markdown.files} files`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  const out = ["figure".padEnd(width) + " | value", "-".repeat(width) + "-|-" + "-".repeat(20), ...rows.map(([k, v]) => `${k.padEnd(width)} | ${v}`), ""];
  if (f.newKindEdits) out.push("new kind's edits outside its folder:", ...f.newKindEdits.files.map((x) => `  ${x}`));
  out.push("places naming every kind:", ...f.kinds.files.map((x) => `  ${x}`));
  out.push("module-level mutable state:", ...f.moduleState.map((s) => `  ${s.at}  ${s.name} (${s.why})`));
  out.push("knob declarations:", ...f.knobs.finds.map((k) => `  [${k.style}] ${k.at}  ${k.name}${k.entries ? ` (${k.entries} entries)` : ""}`));
  out.push("most casts + any in provider/:", ...f.casts.top.map((t) => `  ${t.file}  ${t.casts} casts, ${t.any} any`));
  out.push("largest Markdown files:", ...f.markdown.largest.map((m) => `  ${m.file}  ${kb(m.bytes)}`));
  return out.join("\n") + "\n";
}
