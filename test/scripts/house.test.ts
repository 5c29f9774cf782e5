/**
 * `npm run house` (scripts/house/): each figure's detector on a small fixture tree whose answers
 * are known, so a broken detector fails here; and on this repository, every figure printed.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { formatFigures, measure, SCRATCH_KIND_RESULT, type Figures } from "../../scripts/house/figures";

const REPO = path.join(__dirname, "..", "..");

const FIXTURE: Record<string, string> = {
  "provider/resources/definitions.ts": `import { alphaDefinition } from "./alpha/definition";
import { betaGammaDefinition } from "./beta-gamma/definition";
export const definitions = { Alpha: alphaDefinition, BetaGamma: betaGammaDefinition };`,
  "provider/resources/alpha/schema.ts": `import { z } from "zod";
export const alphaInputs = z.object({ a: z.string(), b: z.number() }).strict();
export const alphaOutputs = z.object({ c: z.string() });`,
  "provider/native/tokens.ts": `export const PACKAGE = "acme";`,
  // Names both kinds: the class name and a type token.
  "provider/list.ts": `export const KINDS = ["Alpha", "acme:index:BetaGamma"];`,
  // Names both kinds: a hold key and a collection path.
  "provider/collections.ts": `export const holds = { alpha: 1 }; export const key = "alpha"; export const where = "betas.gamma";`,
  // Names one kind only.
  "provider/one.ts": `export const only = "acme:Alpha"; export const other = "beta";`,
  "provider/state.ts": `import { AsyncLocalStorage } from "node:async_hooks";
export let counter = 0;
const seen = new Map<string, number>();
export function see(k: string) { seen.set(k, 1); }
const fixed = new Map([["a", 1]]);
export const read = () => fixed.get("a");
const context = new AsyncLocalStorage<string>();
export const inContext = () => context.getStore();
const book: Record<string, number> = {};
export function note(k: string) { book[k] = 1; }
const constants = [1, 2];
export const first = () => constants[0];`,
  "provider/casts.ts": `declare const x: unknown;
declare const y: unknown;
export const a = x as string;
export const b = <number>y;
export const c = [1] as const;
export declare const d: any;
export function f(p: any): any[] { return [p]; }`,
  "provider/settings.ts": `export const SETTINGS = [{ name: "x", env: "X" }, { name: "y", env: "Y" }];
export const lookups = { getX: { description: "d", inputs: {} } };
export interface RunOptions { a?: number; b?: number; c?: number; d?: number; e?: number; f?: number; g?: number; h?: number }
export interface SmallOptions { a?: number }`,
  "provider/cli.ts": `import { parseArgs } from "node:util";
export function parse(argv: string[]) { return parseArgs({ args: argv, strict: true }); }
export const command = { name: "go", options: { out: { type: "string", description: "where" }, force: { type: "boolean", description: "overwrite" } } };`,
  "provider/knobs.ts": `import { z } from "zod";
export const runSettings = z.object({ a: z.string().meta({ env: "A" }) });
export const goFlags = z.object({ out: z.string(), force: z.boolean() }).strict();
const lookupTable = { getX: { description: "d", inputs: z.object({ id: z.string() }) }, getY: { description: "e", inputs: z.object({}) } };
export const notAKnob = z.object({ x: z.string() });`,
  "service/cli-args.ts": `export function flags(argv: string[]) {
  const o: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    switch (argv[i]) {
      case "--port": o.port = argv[++i]; break;
      case "--host": o.host = argv[++i]; break;
      case "--data": o.data = argv[++i]; break;
    }
  }
  return o;
}`,
  "service/areas/thing.ts": `declare const ctx: any;
declare function list(...a: unknown[]): void;
ctx.reply.json("thing", {});
ctx.reply.list("things", [], {});
list("x");
ctx.other.json("not a reply");
const built = { status: 200, body: {} };
const notAReply = { status: 200, raw: Buffer.alloc(0) };`,
  "docs/README.md": "# Kinds\n\nAlpha and BetaGamma.\n",
  "README.md": "Only Alpha here, and Alphabet.\n",
  "sdk/python/README.md": "x".repeat(1000),
  "test/names.ts": `export const all = ["Alpha", "BetaGamma"];`,
};

function fixtureTree(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "house-"));
  for (const [file, text] of Object.entries(FIXTURE)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe("npm run house: the figures of issue 38", () => {
  let root: string;
  let f: Figures;
  before(() => {
    root = fixtureTree();
    f = measure(root);
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it("reads the kinds from definitions.ts and finds the files naming every kind, in any vocabulary", () => {
    assert.deepEqual(f.kinds.kinds, ["Alpha", "BetaGamma"]);
    assert.deepEqual(f.kinds.files, ["docs/README.md", "provider/collections.ts", "provider/list.ts"]);
    assert.equal(f.kinds.partial["provider/one.ts"], undefined, "one kind is not a partial list");
  });

  it("lists module-level mutable state with file:line, not constants that are never mutated", () => {
    assert.deepEqual(
      f.moduleState.map((s) => `${s.at} ${s.name} ${s.why}`),
      ["provider/state.ts:2 counter let", "provider/state.ts:3 seen mutated", "provider/state.ts:7 context AsyncLocalStorage", "provider/state.ts:9 book mutated"],
    );
  });

  it("counts each knob style by its detector, and the argument parsers", () => {
    assert.deepEqual(f.knobs.styles, ["zod schema", "settings table", "hand JSON spec", "options interface", "flag table", "hand flag switch"]);
    const found = f.knobs.finds.map((k) => `${k.style}: ${k.name} ${k.entries}`);
    assert.deepEqual(found.sort(), [
      "argument parser: parse (node:util parseArgs) 0",
      "flag table: options 2",
      "hand JSON spec: lookups 1",
      "hand flag switch: flags 3",
      "options interface: RunOptions 8",
      "settings table: SETTINGS 2",
      "zod schema: alphaInputs 2",
      "zod schema: goFlags 2",
      "zod schema: lookupTable 2",
      "zod schema: runSettings 1",
    ]);
    assert.equal(formatFigures(f).match(/^argument parsers +\| (\d+)/m)?.[1], "2", "node:util's parser and the hand switch");
  });

  it("counts casts (not `as const`) and `any` in provider/, and the untyped replies in service/areas", () => {
    assert.equal(f.casts.casts, 2);
    assert.equal(f.casts.any, 3);
    assert.deepEqual({ json: f.replies.json, list: f.replies.list, body: f.replies.body }, { json: 1, list: 2, body: 1 });
  });

  it("sums Markdown outside sdk/", () => {
    assert.equal(f.markdown.files, 2);
    assert.equal(f.markdown.bytes, Buffer.byteLength(FIXTURE["docs/README.md"]) + Buffer.byteLength(FIXTURE["README.md"]));
  });

  it("reads a new kind's edits from the scratch-kind test's result, once it exists", () => {
    assert.equal(f.newKindEdits, undefined);
    fs.mkdirSync(path.dirname(path.join(root, SCRATCH_KIND_RESULT)), { recursive: true });
    fs.writeFileSync(path.join(root, SCRATCH_KIND_RESULT), JSON.stringify({ outsideFolder: ["provider/resources/definitions.ts"] }));
    assert.deepEqual(measure(root).newKindEdits, { count: 1, files: ["provider/resources/definitions.ts"] });
  });

  it("prints every figure for this repository, as a table and as JSON", function () {
    this.timeout(120_000);
    const run = (...args: string[]) => execFileSync(process.execPath, [path.join(REPO, "scripts/run-ts.js"), path.join(REPO, "scripts/house/main.ts"), ...args], { encoding: "utf8" });
    const table = run();
    for (const row of [
      "edits outside a new kind's folder",
      "places naming every kind",
      "module-level mutable state",
      "knob styles",
      "argument parsers",
      "casts in provider/",
      "any in provider/",
      "untyped service replies",
      "Markdown outside sdk/",
    ])
      assert.match(table, new RegExp(`^${row.replace(/[()/]/g, "\\$&")}.* \\| \\S`, "m"), row);
    const json = JSON.parse(run("--json")) as Figures;
    assert.ok(json.kinds.kinds.length >= 7, "the repository's kinds are read");
    assert.ok(json.moduleState.length > 0 && json.casts.casts > 0 && json.markdown.bytes > 0);
    // Handlers return the value of their response schema (issue 36): none builds its reply by hand.
    assert.deepEqual(json.replies, { json: 0, list: 0, body: 0, at: [] });
    assert.deepEqual(json.knobs.styles, ["zod schema"], "one knob language (issue 38 item 4)");
    assert.equal(json.knobs.finds.filter((k) => k.style === "argument parser" || k.style === "hand flag switch").length, 1, "one argument parser");
  });
});
