/** The drift report as text (one line per property), a Markdown comment, or JSON for tools. */
import type { DriftEntry } from "./drift-report";

export type DriftFormat = "text" | "markdown" | "json";
export const DRIFT_FORMATS: DriftFormat[] = ["text", "markdown", "json"];

/** Here, not in drift.ts, so `esign` can print it without loading the Automation API. */
export const DRIFT_USAGE = `usage: esign drift [DIR] [--stack NAME] [--format ${DRIFT_FORMATS.join("|")}]`;

const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");

export function formatDrift(stack: string, entries: DriftEntry[], format: DriftFormat): string {
  if (format === "json") return `${JSON.stringify({ stack, drifted: entries.length > 0, differences: entries }, null, 2)}\n`;
  if (format === "markdown") {
    if (entries.length === 0) return `### Drift of stack \`${stack}\`\n\nNo drift: the service matches git.\n`;
    const rows = entries.map((e) => `| \`${cell(e.resource)}\` | ${cell(e.type)} | ${cell(e.property)} | \`${cell(e.git)}\` | \`${cell(e.service)}\` | ${e.action} |`);
    return [
      `### Drift of stack \`${stack}\`: ${entries.length} difference${entries.length === 1 ? "" : "s"}`,
      "",
      "| Resource | Type | Property | In git | In the service | Next `up` |",
      "|---|---|---|---|---|---|",
      ...rows,
      "",
    ].join("\n");
  }
  if (entries.length === 0) return `stack ${stack}: no drift\n`;
  const lines = entries.map((e) => `${e.resource} (${e.type}) ${e.property}: git ${e.git}, service ${e.service} -> ${e.action}`);
  return `${lines.join("\n")}\nstack ${stack}: ${entries.length} difference${entries.length === 1 ? "" : "s"}\n`;
}
