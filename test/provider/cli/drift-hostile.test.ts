/**
 * Hostile names stay text (D138): generated titles, names and ids (backticks of many lengths,
 * brackets, @mentions, HTML, table pipes, newlines, ESC, CSI, OSC 8, C1, bidi overrides) written
 * into the drift report. The Markdown is parsed with a real GFM parser (marked): no link, image,
 * mention, autolink or HTML comes out, every table row keeps its six cells, and each value reads
 * back whole from its code span. The text report carries no control character. `--redact-emails`
 * leaves no whole address in the unmanaged section.
 */
import * as assert from "assert";
import { marked, type Token, type Tokens } from "marked";
import { formatDrift } from "../../../provider/cli/drift-format";
import type { DriftEntry } from "../../../provider/cli/drift-report";
import type { UnmanagedEntry } from "../../../provider/cli/drift-unmanaged";
import { visible } from "../../../provider/cli/drift-escape";
import { withRedactedEmails } from "../../../provider/cli/drift-redact";
import { withPendingOperations } from "../../../provider/cli/recover-drift";
import { seeded as random } from "../../../service/http/faults";

const PIECES = [
  "[x](https://evil.example)",
  "![i](https://evil.example/p.png)",
  "@octocat",
  " @admins ",
  "<img src=x onerror=alert(1)>",
  "<details><summary>open</summary>",
  "</code>",
  "|",
  " | ",
  "\n",
  "\r\n",
  "\r",
  "\u001b[31m",
  "\u001b]8;;https://evil.example\u0007click\u001b]8;;\u0007",
  "\u001b]8;;https://evil.example\u001b\\",
  "\u009b31m",
  "\u009d8;;https://evil.example\u009c",
  "\u202e",
  "\u2066",
  "\u200b",
  "\u0000",
  "\u0007",
  "\u2028",
  "\\",
  "\\|",
  "*bold*",
  "_em_",
  "#1",
  "www.evil.example",
  "https://evil.example/x",
  "bob@evil.example",
  "&lt;img&gt;",
  "&#64;octocat",
  "<https://evil.example>",
  "[ref]: https://evil.example",
  "~~s~~",
  " ",
  "NDA",
];

function hostile(next: () => number): string {
  const parts: string[] = [];
  const n = 1 + Math.floor(next() * 8);
  for (let i = 0; i < n; i++) {
    if (next() < 0.3) parts.push("`".repeat(1 + Math.floor(next() * 12)));
    else parts.push(PIECES[Math.floor(next() * PIECES.length)]);
  }
  return parts.join("");
}

/** Every token, depth first, table cells included. */
function* tokensOf(tokens: Token[]): Generator<Token> {
  for (const t of tokens) {
    yield t;
    if (t.type === "table") {
      const table = t as Tokens.Table;
      for (const cell of [...table.header, ...table.rows.flat()]) yield* tokensOf(cell.tokens);
    }
    const inner = (t as { tokens?: Token[] }).tokens;
    if (inner) yield* tokensOf(inner);
    const items = (t as { items?: { tokens: Token[] }[] }).items;
    if (items) for (const item of items) yield* tokensOf(item.tokens);
  }
}

/** The code spans of a table cell, in order. */
const spans = (cell: Tokens.TableCell) => [...tokensOf(cell.tokens)].filter((t): t is Tokens.Codespan => t.type === "codespan").map((t) => t.text);

/** GitHub's mention, issue and autolink forms in text outside code. */
const LIVE_IN_TEXT = /(^|[^\w`])@[a-z0-9]|(^|\W)#\d|www\.|https?:|mailto:/i;

/** What a table cell's code span reads back as: the value made visible, a backslash before a `|` as \x5c. */
const inCell = (value: string) => visible(value).replace(/\\(?=\|)/g, "\\x5c");

// eslint-disable-next-line no-control-regex -- the control characters a report must not carry
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/;

describe("drift report: hostile names stay text", () => {
  const CASES = 300;

  it(`Markdown: ${CASES} generated reports parse to the same table and code spans, with no link, image, mention or HTML`, () => {
    for (let seed = 1; seed <= CASES; seed++) {
      const next = random(seed);
      const v = () => hostile(next);
      const entries: DriftEntry[] = [{ resource: v(), type: v(), property: v(), git: v(), service: v(), action: "update" }];
      const unmanaged: UnmanagedEntry[] = [
        { collection: "templates", what: "template", name: v(), id: v(), since: "updated 2026-01-02", action: "nothing" },
        { collection: "templates.access", what: "template user", name: v(), id: v(), on: `template ${v()}`, action: "removes it" },
      ];
      const stack = `prod${seed}`;
      const md = withPendingOperations(formatDrift(stack, entries, "markdown", undefined, unmanaged), stack, "markdown", {
        deployment: { pending_operations: [{ type: "creating", resource: { urn: `urn:pulumi:prod::p::esign:index:Template::${v()}`, type: "esign:index:Template" } }] },
      } as never);
      const tokens = marked.lexer(md, { gfm: true });
      const all = [...tokensOf(tokens)];
      const why = `seed ${seed}:\n${md}`;

      for (const t of all) {
        assert.ok(!["link", "image", "html", "def"].includes(t.type), `${t.type} token ${JSON.stringify(t.raw)} in ${why}`);
        if (t.type === "text" || t.type === "escape") {
          const text = (t as Tokens.Text).text;
          if (!(t as { tokens?: Token[] }).tokens) assert.ok(!LIVE_IN_TEXT.test(text), `live text ${JSON.stringify(text)} in ${why}`);
        }
      }
      const tables = all.filter((t): t is Tokens.Table => t.type === "table");
      assert.strictEqual(tables.length, 2, why);
      const [diff, rest] = tables;
      assert.strictEqual(diff.rows.length, 1, why);
      assert.strictEqual(rest.rows.length, 2, why);
      for (const row of [...diff.rows, ...rest.rows]) assert.strictEqual(row.length, 6, why);

      // Each value reads back from its code span: whole, its controls made visible.
      const [e] = entries;
      assert.deepStrictEqual(
        [0, 3, 4].map((i) => spans(diff.rows[0][i])),
        [[inCell(e.resource)], [inCell(e.git)], [inCell(e.service)]],
        why,
      );
      // A type or property name is plain only when nothing in it can be markup (mdName), else a span.
      for (const [i, value] of [e.type, e.property].entries()) {
        const cell = diff.rows[0][i + 1];
        assert.deepStrictEqual(spans(cell).length ? spans(cell) : [cell.text], [spans(cell).length ? inCell(value) : value], why);
      }
      for (const [i, u] of unmanaged.entries()) {
        const row = rest.rows[i];
        assert.deepStrictEqual(spans(row[1]), u.id !== u.name ? [inCell(u.name), inCell(u.id!)] : [inCell(u.name)], why);
        assert.deepStrictEqual(spans(row[3]), u.on ? [inCell(u.on)] : [], why);
        assert.strictEqual(row[5].text, u.action, why);
      }
      // The report's own words and nothing else outside the tables: two headings, the pending-operations quote.
      assert.deepStrictEqual(
        tokens.filter((t) => t.type === "heading").map((t) => (t as Tokens.Heading).depth),
        [3, 4],
        why,
      );
      assert.strictEqual(tokens.filter((t) => t.type === "blockquote").length, 1, why);
    }
  });

  it(`text: ${CASES} generated reports keep one line per difference and object, with no control character`, () => {
    for (let seed = 1; seed <= CASES; seed++) {
      const next = random(seed);
      const v = () => hostile(next);
      const entries: DriftEntry[] = [{ resource: v(), type: v(), property: v(), git: v(), service: v(), action: "replace" }];
      const unmanaged: UnmanagedEntry[] = [{ collection: "faxLines.users", what: "fax line user", name: v(), id: v(), on: `fax line ${v()}`, action: "nothing" }];
      const text = formatDrift("prod", entries, "text", undefined, unmanaged);
      const lines = text.split("\n");
      assert.strictEqual(lines.length, 5, `seed ${seed}: ${JSON.stringify(text)}`); // difference, heading, object, summary, ""
      assert.ok(!CONTROL.test(text), `seed ${seed}: ${JSON.stringify(text)}`);
      assert.ok(lines[0].includes(visible(entries[0].git)), `seed ${seed}`);
    }
  });

  it("a type and a property name are plain only when they cannot be markup", () => {
    const md = formatDrift(
      "prod",
      [
        { resource: "app", type: "esign:ApiApp", property: "domains", git: "1", service: "2", action: "update" },
        { resource: "x", type: "www.evil.example", property: "@octocat", git: "1", service: "2", action: "update" },
      ],
      "markdown",
    );
    assert.match(md, /^\| `app` \| esign:ApiApp \| domains \| `1` \| `2` \| update \|$/m);
    assert.match(md, /^\| `x` \| `www\.evil\.example` \| `@octocat` \| `1` \| `2` \| update \|$/m);
  });

  it("a title of backticks and a link stays one code span; an ESC sequence shows as \\x1b", () => {
    const title = "``a` [x](https://evil.example) @octocat <img src=x> |";
    const md = formatDrift("prod", [], "markdown", undefined, [{ collection: "templates", what: "template", name: title, action: "nothing" }]);
    assert.match(md, /\| template \| ``` ``a` \[x\]\(https:\/\/evil\.example\) @octocat <img src=x> \\\| ``` \|/);
    const text = formatDrift("prod", [], "text", undefined, [{ collection: "templates", what: "template", name: "Bad\u001b]8;;https://evil.example\u0007NDA\u202e", action: "nothing" }]);
    assert.match(text, /template Bad\\x1b\]8;;https:\/\/evil\.example\\x07NDA\\u202e \[templates\]/);
  });

  it("--redact-emails: no whole address of the unmanaged section is left, in any format", () => {
    const unmanaged: UnmanagedEntry[] = [
      { collection: "members", what: "team member", name: "zed@outside.example", id: "a1b2", action: "nothing" },
      { collection: "members", what: "open invitation", name: "Ivy.Smith+x@outside.example", since: "invited 2026-01-02", action: "removes it" },
      { collection: "apiApps", what: "API app", name: "Portal of bob@corp.example", id: "c0ffee", action: "nothing" },
    ];
    const redacted = withRedactedEmails(unmanaged);
    assert.deepStrictEqual(
      redacted.map((u) => u.name),
      ["z…@outside.example", "I…@outside.example", "Portal of b…@corp.example"],
    );
    assert.strictEqual(redacted[0].id, "a1b2", "account ids stay");
    for (const format of ["text", "markdown", "json"] as const) {
      const out = formatDrift("prod", [], format, undefined, redacted);
      for (const address of ["zed@", "Ivy.Smith+x@", "bob@"]) assert.ok(!out.includes(address), `${format}: ${address} in ${out}`);
    }
  });
});
