/** The drift report as text (one line per property), a Markdown comment, or JSON for tools. */
import type { DriftEntry } from "./drift-report";
import type { UnmanagedEntry } from "./drift-unmanaged";

export type DriftFormat = "text" | "markdown" | "json";
export const DRIFT_FORMATS: DriftFormat[] = ["text", "markdown", "json"];

/** Here, not in drift.ts, so `esign` can print it without loading the Automation API. */
export const DRIFT_USAGE = `usage: esign drift [DIR] [--stack NAME] [--format ${DRIFT_FORMATS.join("|")}] [--ignore-file FILE]`;

const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** One unmanaged object in words: `open invitation bob@example.com (invited 2026-01-02)`. */
function described(u: UnmanagedEntry): string {
  const extra = [u.id && u.id !== u.name ? u.id : undefined, u.on, u.since].filter(Boolean);
  return `${u.what} ${u.name}${extra.length ? ` (${extra.join(", ")})` : ""}`;
}

function unmanagedText(unmanaged: UnmanagedEntry[]): string[] {
  if (!unmanaged.length) return [];
  return ["unmanaged (in the account, not in git):", ...unmanaged.map((u) => `  ${described(u)} [${u.collection}] -> next up: ${u.action}`)];
}

function unmanagedMarkdown(unmanaged: UnmanagedEntry[]): string[] {
  if (!unmanaged.length) return [];
  return [
    `#### Unmanaged: ${plural(unmanaged.length, "object")} in the account that git does not list`,
    "",
    "| What | Name | Collection | On | Since | Next `up` |",
    "|---|---|---|---|---|---|",
    ...unmanaged.map(
      (u) => `| ${cell(u.what)} | \`${cell(u.name)}\`${u.id && u.id !== u.name ? ` (${cell(u.id)})` : ""} | ${u.collection} | ${cell(u.on ?? "")} | ${cell(u.since ?? "")} | ${u.action} |`,
    ),
    "",
  ];
}

export function formatDrift(stack: string, entries: DriftEntry[], format: DriftFormat, unmanaged: UnmanagedEntry[] = []): string {
  if (format === "json") {
    return `${JSON.stringify({ stack, drifted: entries.length > 0, differences: entries, unmanagedFound: unmanaged.length > 0, unmanaged }, null, 2)}\n`;
  }
  if (format === "markdown") {
    const head =
      entries.length === 0
        ? [`### Drift of stack \`${stack}\``, "", unmanaged.length ? "No drift in what git manages." : "No drift: the service matches git.", ""]
        : [
            `### Drift of stack \`${stack}\`: ${plural(entries.length, "difference")}`,
            "",
            "| Resource | Type | Property | In git | In the service | Next `up` |",
            "|---|---|---|---|---|---|",
            ...entries.map((e) => `| \`${cell(e.resource)}\` | ${cell(e.type)} | ${cell(e.property)} | \`${cell(e.git)}\` | \`${cell(e.service)}\` | ${e.action} |`),
            "",
          ];
    return [...head, ...unmanagedMarkdown(unmanaged)].join("\n");
  }
  const lines = entries.map((e) => `${e.resource} (${e.type}) ${e.property}: git ${e.git}, service ${e.service} -> ${e.action}`);
  const summary = [entries.length ? plural(entries.length, "difference") : "no drift", ...(unmanaged.length ? [`${plural(unmanaged.length, "unmanaged object")}`] : [])].join(", ");
  return `${[...lines, ...unmanagedText(unmanaged), `stack ${stack}: ${summary}`].join("\n")}\n`;
}

/**
 * The exit code (D101): 0 clean; 2 drift, also with unmanaged objects, and when the next `up`
 * removes one (an authoritative list: `up` would change the account); 3 unmanaged objects only.
 */
export function driftExitCode(entries: DriftEntry[], unmanaged: UnmanagedEntry[]): 0 | 2 | 3 {
  if (entries.length > 0 || unmanaged.some((u) => u.action === "removes it")) return 2;
  return unmanaged.length > 0 ? 3 : 0;
}
