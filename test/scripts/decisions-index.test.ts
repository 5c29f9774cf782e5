/**
 * DECISIONS.md opens with an index: every entry has one row, in number order, linking to it,
 * and every row names an entry that exists (a new decision without its row fails here).
 */
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as path from "node:path";
import { anchorsOf } from "../packaging/markdown-links";

const text = fs.readFileSync(path.join(__dirname, "..", "..", "DECISIONS.md"), "utf8");

describe("DECISIONS.md index", () => {
  it("has one row per entry, in order, each linking to its entry", () => {
    const entries = [...text.matchAll(/^## D(\d+)\. /gm)].map((m) => Number(m[1]));
    const rows = [...text.matchAll(/^\| \[D(\d+)\]\(#([^)]+)\) \| [^|]+ \| [^|]+ \| [^|]+ \|$/gm)];
    assert.deepEqual(
      rows.map((r) => Number(r[1])),
      entries,
      "index rows = entries, in the same order",
    );
    assert.deepEqual(
      entries,
      [...entries].sort((a, b) => a - b),
      "entries in number order",
    );
    const anchors = anchorsOf(text);
    for (const r of rows) assert.ok(anchors.has(r[2]), `D${r[1]}'s link #${r[2]} names no heading`);
  });
});
