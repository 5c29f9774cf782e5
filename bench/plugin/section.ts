/**
 * Sections of bench/RESULTS.md measured on their own (the plugin start-up by
 * bench/plugin/startup.ts, the account share by bench/share.ts, the build and test times by
 * hand): kept when bench/main.ts rewrites the rest of the file.
 */
import * as fs from "node:fs";

const HEADING = "## Plugin start-up";
/** Every section bench/main.ts keeps, by heading. */
export const KEPT_HEADINGS = [HEADING, "## A fair share of the account", "## Build and test times"];

/** The section's text in `markdown` (to the next `## ` heading or the end), if any. */
export function findSection(markdown: string, heading = HEADING): string | undefined {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start < 0) return undefined;
  const next = markdown.indexOf("\n## ", start + 1 + heading.length);
  return markdown.slice(start + 1, next < 0 ? undefined : next + 1);
}

/** Puts `section` into `file`, replacing the previous one or appending it. */
export function replaceSection(file: string, section: string): void {
  const text = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  const old = findSection(text);
  const body = section.endsWith("\n") ? section : `${section}\n`;
  fs.writeFileSync(file, old ? text.replace(old, body) : `${text.replace(/\n*$/, "\n\n")}${body}`);
}
