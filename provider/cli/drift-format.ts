/** The drift report as text (one line per property), a Markdown comment, or JSON for tools. */
import { paint, type Paint } from "./colour";
import type { DriftEntry } from "./drift-report";
import type { UnmanagedEntry } from "./drift-unmanaged";
import { findingsExit, type ExitCode } from "./exit-codes";
import { mdCell, mdCode, mdName, visible } from "./drift-escape";

export type DriftFormat = "text" | "markdown" | "json";
export const DRIFT_FORMATS = ["text", "markdown", "json"] as const;

const plain = paint(false);

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** One unmanaged object in words: `open invitation bob@example.com (invited 2026-01-02)`; the account's values made visible (drift-escape.ts). */
function described(u: UnmanagedEntry): string {
  const extra = [u.id && u.id !== u.name ? u.id : undefined, u.on, u.since].filter((x): x is string => !!x).map(visible);
  return `${u.what} ${visible(u.name)}${extra.length ? ` (${extra.join(", ")})` : ""}`;
}

function unmanagedText(unmanaged: UnmanagedEntry[], p: Paint): string[] {
  if (!unmanaged.length) return [];
  return [
    p.bold("unmanaged (in the account, not in git):"),
    ...unmanaged.map((u) => `  ${described(u)} ${p.dim(`[${u.collection}]`)} -> next up: ${u.action === "nothing" ? u.action : p.red(u.action)}`),
  ];
}

function unmanagedMarkdown(unmanaged: UnmanagedEntry[]): string[] {
  if (!unmanaged.length) return [];
  return [
    `#### Unmanaged: ${plural(unmanaged.length, "object")} in the account that git does not list`,
    "",
    "| What | Name | Collection | On | Since | Next `up` |",
    "|---|---|---|---|---|---|",
    // Every value from the account is a code span (drift-escape.ts); the words and dates are ours.
    ...unmanaged.map((u) => `| ${u.what} | ${mdCell(u.name)}${u.id && u.id !== u.name ? ` (${mdCell(u.id)})` : ""} | ${u.collection} | ${mdCell(u.on)} | ${u.since ?? ""} | ${u.action} |`),
    "",
  ];
}

/** `colours` paints the text format (the other formats are for files and tools, never coloured). */
export function formatDrift(stack: string, entries: DriftEntry[], format: DriftFormat, colours?: Paint, unmanaged: UnmanagedEntry[] = []): string {
  if (format === "json") {
    return `${JSON.stringify({ stack, drifted: entries.length > 0, differences: entries, unmanagedFound: unmanaged.length > 0, unmanaged }, null, 2)}\n`;
  }
  if (format === "markdown") {
    const head =
      entries.length === 0
        ? [`### Drift of stack ${mdCode(stack)}`, "", unmanaged.length ? "No drift in what git manages." : "No drift: the service matches git.", ""]
        : [
            `### Drift of stack ${mdCode(stack)}: ${plural(entries.length, "difference")}`,
            "",
            "| Resource | Type | Property | In git | In the service | Next `up` |",
            "|---|---|---|---|---|---|",
            ...entries.map((e) => `| ${mdCell(e.resource)} | ${mdName(e.type)} | ${mdName(e.property)} | ${mdCell(e.git)} | ${mdCell(e.service)} | ${e.action} |`),
            "",
          ];
    return [...head, ...unmanagedMarkdown(unmanaged)].join("\n");
  }
  const p = colours ?? plain;
  const lines = entries.map(
    (e) => `${p.bold(visible(e.resource))} ${p.dim(`(${visible(e.type)})`)} ${visible(e.property)}: git ${p.green(visible(e.git))}, service ${p.red(visible(e.service))} -> ${p.yellow(e.action)}`,
  );
  const summary = [entries.length ? p.yellow(plural(entries.length, "difference")) : p.green("no drift"), ...(unmanaged.length ? [p.yellow(plural(unmanaged.length, "unmanaged object"))] : [])].join(
    ", ",
  );
  return `${[...lines, ...unmanagedText(unmanaged, p), `stack ${visible(stack)}: ${summary}`].join("\n")}\n`;
}

/**
 * The exit code (D101, exit-codes.ts): drift, also when the next `up` removes an unmanaged object
 * (an authoritative list: `up` would change the account); else unmanaged objects; else clean.
 */
export function driftExitCode(entries: DriftEntry[], unmanaged: UnmanagedEntry[]): ExitCode {
  return findingsExit({ drift: entries.length > 0 || unmanaged.some((u) => u.action === "removes it"), unmanaged: unmanaged.length > 0 });
}
