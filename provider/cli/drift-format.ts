/** The drift report as text (one line per property), a Markdown comment, or JSON for tools. */
import { paint, type Paint } from "./colour";
import type { DriftEntry } from "./drift-report";

export type DriftFormat = "text" | "markdown" | "json";
export const DRIFT_FORMATS: DriftFormat[] = ["text", "markdown", "json"];

const plain = paint(false);

const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");

/** `colours` paints the text format (the other formats are for files and tools, never coloured). */
export function formatDrift(stack: string, entries: DriftEntry[], format: DriftFormat, colours?: Paint): string {
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
  const p = colours ?? plain;
  if (entries.length === 0) return `stack ${stack}: ${p.green("no drift")}\n`;
  const lines = entries.map((e) => `${p.bold(e.resource)} ${p.dim(`(${e.type})`)} ${e.property}: git ${p.green(e.git)}, service ${p.red(e.service)} -> ${p.yellow(e.action)}`);
  return `${lines.join("\n")}\nstack ${stack}: ${p.yellow(`${entries.length} difference${entries.length === 1 ? "" : "s"}`)}\n`;
}
