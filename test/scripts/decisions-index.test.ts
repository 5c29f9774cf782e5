/**
 * Decisions are one file each in docs/decisions/ and DECISIONS.md is their generated index
 * (scripts/decisions/): the index is fresh (`npm run decisions`), numbers are unique, the unused
 * ones are listed, every link resolves. And the one-shot splitter turns a monolithic DECISIONS.md
 * into those files, rewrites links to its anchors, and can run again (on a split tree, or on a
 * monolith with new sections over an existing docs/decisions/) without changing what it wrote.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { DECISIONS_DIR, gapsOf, parseDecision, readDecisionFiles, renderIndex } from "../../scripts/decisions/decisions";
import { splitDecisions } from "../../scripts/decisions/splitter";
import { relativeLinks } from "../packaging/markdown-links";

const REPO = path.join(__dirname, "..", "..");

describe("DECISIONS.md: the generated index of docs/decisions/", () => {
  const index = fs.readFileSync(path.join(REPO, "DECISIONS.md"), "utf8");
  const files = readDecisionFiles(REPO);

  it("is what `npm run decisions` writes (run it after adding or changing a decision)", () => {
    assert.ok(files.length > 100, "the decisions are files in docs/decisions/");
    assert.equal(index, renderIndex(REPO), "DECISIONS.md is stale: run npm run decisions");
  });

  it("has unique numbers, each file named by its number, and lists the numbers not used", () => {
    const numbers = files.map((f) => f.decision.number);
    const twice = numbers.filter((n, i) => numbers.indexOf(n) !== i);
    assert.deepEqual(twice, [], "decision numbers used twice");
    for (const { file, decision } of files) assert.ok(path.basename(file).startsWith(`D${String(decision.number).padStart(3, "0")}-`), `${file} holds D${decision.number}`);
    const gaps = gapsOf(numbers);
    assert.match(index, new RegExp(`^Numbers not used: ${gaps.length ? gaps.map((n) => `D${n}`).join(", ") : "none"}\\.$`, "m"));
  });

  it("links every decision, and every link resolves", () => {
    const links = relativeLinks(index).filter((l) => /^D\d+$/.test(l.text));
    assert.deepEqual(
      links.map((l) => l.target),
      files.map((f) => f.file),
    );
    for (const { file } of files) {
      for (const l of relativeLinks(fs.readFileSync(path.join(REPO, file), "utf8"))) {
        const target = l.target.split("#")[0];
        if (target) assert.ok(fs.existsSync(path.join(REPO, path.dirname(file), decodeURI(target))), `${file}: ${l.target} resolves`);
      }
    }
  });
});

const MONOLITH = `# Decisions

Short records.

## Index

| | theme | status | decision |
|---|---|---|---|
| [D1](#d1-first-choice) | provider | in force | First choice |
| [D2](#d2-second-choice-with-a-pipe) | client | superseded by D4 | Second choice \\| with a pipe |
| [D4](#d4-fourth) | service | in force | Fourth |

## D1. First choice
Body of one, see [D2](#d2-second-choice-with-a-pipe) and [the docs](docs/a.md).

\`\`\`
## D9. not a heading in code
\`\`\`

## D2. Second choice | with a pipe
Body of two.

## D4. Fourth
Body of four.
`;

const D5 = `
## D5. Fifth, added on a branch
Body of five.
`;

function tree(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "decisions-"));
  const put = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  put("DECISIONS.md", MONOLITH);
  put("docs/a.md", "See [the second](../DECISIONS.md#d2-second-choice-with-a-pipe) and [an unknown](../DECISIONS.md#d7-gone).\n");
  put("provider/x.ts", "// Why: DECISIONS.md#d4-fourth\nexport const x = 1;\n");
  return root;
}

/** Every file of a tree with its text. */
function snapshot(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const f = path.posix.join(rel, e.name);
      if (e.isDirectory()) walk(f);
      else out[f] = fs.readFileSync(path.join(root, f), "utf8");
    }
  };
  walk("");
  return out;
}

describe("scripts/decisions/split.ts: the one-shot split of a monolithic DECISIONS.md", () => {
  let root: string;
  beforeEach(() => (root = tree()));
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it("writes one file per section with the index row's theme and status, and links rewritten", () => {
    const r = splitDecisions(root);
    assert.deepEqual(r.written, [`${DECISIONS_DIR}/D001-first-choice.md`, `${DECISIONS_DIR}/D002-second-choice-with-a-pipe.md`, `${DECISIONS_DIR}/D004-fourth.md`]);
    const one = fs.readFileSync(path.join(root, DECISIONS_DIR, "D001-first-choice.md"), "utf8");
    const d1 = parseDecision(one, "D001");
    assert.deepEqual(
      { ...d1, body: d1.body.split("\n")[0] },
      { number: 1, title: "First choice", theme: "provider", status: "in force", body: "Body of one, see [D2](D002-second-choice-with-a-pipe.md) and [the docs](../a.md)." },
    );
    assert.match(d1.body, /## D9\. not a heading in code/, "a heading inside a code block stays in its section");
    const d2 = parseDecision(fs.readFileSync(path.join(root, DECISIONS_DIR, "D002-second-choice-with-a-pipe.md"), "utf8"), "D002");
    assert.deepEqual([d2.title, d2.theme, d2.status, d2.body], ["Second choice | with a pipe", "client", "superseded by D4", "Body of two."]);

    assert.equal(fs.readFileSync(path.join(root, "docs/a.md"), "utf8"), "See [the second](decisions/D002-second-choice-with-a-pipe.md) and [an unknown](../DECISIONS.md#d7-gone).\n");
    assert.equal(fs.readFileSync(path.join(root, "provider/x.ts"), "utf8"), "// Why: docs/decisions/D004-fourth.md\nexport const x = 1;\n");
    assert.deepEqual(r.links.find((l) => l.file === "docs/a.md")?.unknown, [7], "a link to no decision is reported and left");

    const index = fs.readFileSync(path.join(root, "DECISIONS.md"), "utf8");
    assert.equal(index, renderIndex(root));
    assert.match(
      index,
      /^\| \[D2\]\(docs\/decisions\/D002-second-choice-with-a-pipe\.md\) \| client \| superseded by D4 \| ~~Second choice \\\| with a pipe~~ \|$/m,
      "superseded: marked from the file's status",
    );
    assert.match(index, /^Numbers not used: D3\.$/m);
    assert.doesNotMatch(index, /^## D/m, "the index holds no decision's text");
  });

  it("changes nothing when run again on a split tree", () => {
    splitDecisions(root);
    const once = snapshot(root);
    const again = splitDecisions(root);
    assert.deepEqual(again.written, []);
    assert.deepEqual(snapshot(root), once);
  });

  it("runs again on a monolith with new and changed sections over an existing docs/decisions/ (after other branches merge)", () => {
    splitDecisions(root);
    const split = snapshot(root);
    // A branch kept the monolith: it adds D5 with its row and amends D4's status.
    const merged =
      MONOLITH.replace(
        "| [D4](#d4-fourth) | service | in force | Fourth |",
        "| [D4](#d4-fourth) | service | amended by D5 | Fourth |\n| [D5](#d5-fifth-added-on-a-branch) | service | in force | Fifth, added on a branch |",
      ) + D5;
    fs.writeFileSync(path.join(root, "DECISIONS.md"), merged);
    // Run as the lead will, through the command.
    const out = execFileSync(process.execPath, [path.join(REPO, "scripts/run-ts.js"), path.join(REPO, "scripts/decisions/split.ts"), root], { encoding: "utf8" });
    assert.match(out, /^decisions: 4 written, 0 old files removed/);
    const after = snapshot(root);
    assert.equal(parseDecision(after[`${DECISIONS_DIR}/D005-fifth-added-on-a-branch.md`], "D005").body, "Body of five.");
    assert.equal(parseDecision(after[`${DECISIONS_DIR}/D004-fourth.md`], "D004").status, "amended by D5");
    for (const f of [`${DECISIONS_DIR}/D001-first-choice.md`, `${DECISIONS_DIR}/D002-second-choice-with-a-pipe.md`, "docs/a.md", "provider/x.ts"]) assert.equal(after[f], split[f], `${f} unchanged`);
    assert.match(after["DECISIONS.md"], /^Numbers not used: D3\.$/m);
    splitDecisions(root);
    assert.deepEqual(snapshot(root), after, "and is idempotent again");
  });

  it("refuses a monolith with two sections of one number, naming it", () => {
    fs.writeFileSync(path.join(root, "DECISIONS.md"), MONOLITH + "\n## D4. Another fourth\nClash.\n");
    assert.throws(() => splitDecisions(root), /two sections D4/);
  });
});
