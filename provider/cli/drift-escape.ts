/**
 * Values from the account (titles, names, addresses, ids) and from the stack, made safe for the
 * drift report (D138): every writer of the report goes through here, so a hostile template title
 * stays text.
 *
 * Text (a terminal, a CI log): control characters are made visible (`\x1b`, `\u202e`, `\n`), so
 * no escape sequence (CSI, OSC 8 hyperlinks, the C1 CSI U+009B) reaches the terminal and no
 * bidi override reorders the line.
 *
 * Markdown (a pull-request comment): every such value is a code span. Inside one, GitHub makes no
 * link, image, mention, autolink or HTML; what is left is to keep the span closed: its fence is
 * one backtick longer than the value's longest run of backticks, padded when the value starts or
 * ends with a backtick or a space, and in a table a `|` is escaped (GFM splits cells before it
 * reads code spans; a backslash just before a `|` is shown as `\x5c`, so none can undo that).
 * Control characters and newlines are made visible first, as in text.
 */

/** C0 and C1 controls, DEL, and the invisible format characters that reorder or hide text (bidi, zero-width, BOM). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

const NAMED: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** The character as an escape a reader can see: `\x1b`, `\u202e`, `\n`. */
function shown(c: string): string {
  const code = c.charCodeAt(0);
  return NAMED[c] ?? (code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`);
}

/** The value with every control and invisible format character made visible (the text report). */
export function visible(value: string): string {
  return value.replace(HIDDEN, shown);
}

/** The longest run of backticks in `s`. */
function longestBacktickRun(s: string): number {
  let longest = 0;
  for (const run of s.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return longest;
}

/**
 * The value as a Markdown code span that nothing in it can close or leave: `inTable` escapes
 * `|` (a table cell's own rule; GitHub shows `|`).
 */
export function mdCode(value: string, inTable = false): string {
  let text = visible(value);
  // GFM splits a row at a `|` after an even number of backslashes (marked and GitHub count them):
  // a backslash of the value before a `|` is shown as \x5c, then every `|` is escaped.
  if (inTable) text = text.replace(/\\(?=\|)/g, "\\x5c").replace(/\|/g, "\\|");
  const fence = "`".repeat(longestBacktickRun(text) + 1);
  // CommonMark strips one space from each side when both are there (not from spaces alone): a padded
  // value keeps its own, and a backtick at an end cannot join the fence. An empty span cannot be written: one space.
  const pad = text === "" || (/[^ ]/.test(text) && /^[` ]|[` ]$/.test(text)) ? " " : "";
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** A table cell's code span (`mdCode` with `|` escaped); empty when there is no value. */
export const mdCell = (value: string | undefined): string => (value === undefined || value === "" ? "" : mdCode(value, true));

/**
 * A type token or a property name (`esign:ApiApp`, `domains`): plain when it is letters, digits,
 * `_`, `-` and `:` alone (no dot, `@`, `/` or markup: nothing GitHub could link or render), else a
 * code span as any other value.
 */
export const mdName = (value: string): string => (/^[A-Za-z0-9_-]+(:[A-Za-z0-9_-]+)*$/.test(value) ? value : mdCell(value));
