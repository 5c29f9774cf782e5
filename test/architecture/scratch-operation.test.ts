/**
 * Adding an operation is its row, its schemas, its handler and its test (issue 36 item 5):
 * on a copy of the tree, add a throwaway operation by ARCHITECTURE's recipe
 * (scripts/operations/recipe.ts), regenerate the lists, build, type-check, run the fast tier
 * with the contract's, client's and lists' tests and the new test, and assert that only the
 * recipe's files and the generated lists changed. Slow (a copy, a build, a full type check).
 */
import { strict as assert } from "node:assert";
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { GENERATED_LISTS } from "../../scripts/operations/lists";
import { recipeFiles } from "../../scripts/operations/recipe";
import { specDir } from "../support/openapi";

const ROOT = path.resolve(__dirname, "../..");
const ID = "account.scratch_echo";

/**
 * The throwaway operation: one edit per file of the recipe, each `[anchor, text]` inserted
 * after the anchor line (or a new file). The handler returns the value of its response schema;
 * the pipeline wraps it under the row's key (D149).
 */
const HANDLER = `    route("${ID}", (ctx) => ({ word: ctx.query.word })),`;
const ROW = `  "${ID}": { method: "GET", path: "/account/scratch_echo", query: accountScratchEchoQuery, response: resource("scratch_echo", accountScratchEchoSchema), successStatus: OK, idempotent: true, tier: "standard", auth: EITHER },`;
const SCHEMAS = [
  "",
  "/** A throwaway operation's query and answer (test/architecture/scratch-operation.test.ts). */",
  "export const accountScratchEchoQuery = z.object({ word: z.string().min(1) });",
  "export const accountScratchEchoSchema = z.looseObject({ word: z.string() });",
].join("\n");
const TEST = `import { strict as assert } from "node:assert";
import { EsignClient, isEsignValidationError } from "../../provider/client";
import { startService } from "../../service";

describe("${ID}", () => {
  it("answers the word it was given, and refuses an empty one before sending", async () => {
    const service = await startService({ port: 0 });
    try {
      const client = new EsignClient({ apiKey: service.apiKey, baseUrl: service.baseUrl, requestsPerMinute: 0 });
      const echoed: { word: string } = await client.account.scratchEcho({ word: "hello" });
      assert.deepEqual(echoed, { word: "hello" });
      await assert.rejects(client.account.scratchEcho({ word: "" }), isEsignValidationError);
      assert.equal(client.stats().requestsSent, 1);
    } finally {
      await service.close();
    }
  });
});
`;

interface Edit {
  file: string;
  /** Insert after the first line that starts with this (trimmed); undefined: a new file, or appended. */
  after?: string;
  text: string;
  create?: boolean;
}

const [rowFile, schemaFile, handlerFile, testFile] = recipeFiles(ID);
const EDITS: Edit[] = [
  { file: rowFile, after: 'import { z } from "zod";', text: 'import { accountScratchEchoQuery, accountScratchEchoSchema } from "./requests/account";' },
  { file: rowFile, after: "export const operations = {", text: ROW },
  { file: schemaFile, text: SCHEMAS },
  { file: handlerFile, after: "routes: [", text: HANDLER },
  { file: testFile, text: TEST, create: true },
];

function apply(dir: string, edit: Edit): void {
  const file = path.join(dir, edit.file);
  if (edit.create) {
    assert.ok(!fs.existsSync(file), `${edit.file} exists already`);
    fs.writeFileSync(file, edit.text);
    return;
  }
  const text = fs.readFileSync(file, "utf8");
  const anchor = edit.after;
  if (anchor === undefined) return fs.writeFileSync(file, text.replace(/\n*$/, "\n") + edit.text + "\n");
  const lines = text.split("\n");
  const at = lines.findIndex((line) => line.trim().startsWith(anchor));
  assert.ok(at >= 0, `${edit.file}: no line starts with ${anchor}: update the scratch operation's anchor`);
  lines.splice(at + 1, 0, edit.text);
  fs.writeFileSync(file, lines.join("\n"));
}

/** Every file the checkout has (tracked and untracked, not ignored), copied; node_modules linked. */
function copyTree(to: string): void {
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" }).split("\0").filter(Boolean);
  for (const file of files) {
    const from = path.join(ROOT, file);
    if (!fs.existsSync(from)) continue; // deleted in the working tree
    fs.mkdirSync(path.dirname(path.join(to, file)), { recursive: true });
    fs.copyFileSync(from, path.join(to, file));
    fs.chmodSync(path.join(to, file), fs.statSync(from).mode);
  }
  fs.cpSync(path.join(ROOT, "dist"), path.join(to, "dist"), { recursive: true }); // the build stays incremental
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(to, "node_modules"));
}

const git = (dir: string, ...args: string[]) => execFileSync("git", ["-c", "user.name=scratch", "-c", "user.email=scratch@example.com", ...args], { cwd: dir, encoding: "utf8" });

function step(dir: string, command: string, args: string[]): string {
  const r = spawnSync(command, args, {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, ESIGN_RECORD: "", ESIGN_OPENAPI_DIR: specDir /* the copy has no ../shared beside it */ },
    maxBuffer: 64 * 1024 * 1024,
  });
  assert.equal(r.status, 0, `${command} ${args.join(" ")} failed:\n${(r.stdout ?? "").slice(-6000)}\n${(r.stderr ?? "").slice(-4000)}`);
  return r.stdout;
}

describe("architecture: a scratch operation changes only its recipe's files", function () {
  this.timeout(30 * 60_000);
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "esign-scratch-operation-"));
    copyTree(dir);
    fs.appendFileSync(path.join(dir, ".gitignore"), "\n/node_modules\n");
    git(dir, "init", "-q");
    git(dir, "add", "-A");
    git(dir, "commit", "-qm", "base", "--no-verify");
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("adds it, builds, type-checks and passes the fast tier with its test", () => {
    for (const edit of EDITS) apply(dir, edit);
    step(dir, process.execPath, ["scripts/run-ts.js", "scripts/operations/index.ts"]);
    step(dir, "bash", ["scripts/build"]);
    step(dir, process.execPath, ["node_modules/typescript/bin/tsc", "-p", "tsconfig.check.json", "--tsBuildInfoFile", path.join(dir, ".check.tsbuildinfo")]);
    const out = step(dir, process.execPath, [
      "node_modules/mocha/bin/mocha.js",
      "--ignore",
      "test/architecture/scratch-*.test.ts",
      "test/provider/**/*.test.ts",
      "test/contract/*.test.ts",
      "test/architecture/*.test.ts",
      "test/scripts/operation-lists.test.ts",
      "test/client/areas.test.ts",
      // The suites that walk the whole table: the new operation counts as covered by its own test.
      "test/client/operations.test.ts",
      "test/service/conformance/conformance.test.ts",
      testFile,
    ]);
    assert.match(out, /answers the word it was given/);
    assert.doesNotMatch(out, /\d+ (pending|failing)/);

    const changed = git(dir, "status", "--porcelain", "--untracked-files=all")
      .split("\n")
      .filter(Boolean)
      .map((line) => line.slice(3))
      .filter((file) => file !== ".check.tsbuildinfo");
    // The lists of operations change; the recipe's own block (ARCHITECTURE.md) does not.
    const generated = GENERATED_LISTS.filter((list) => list.marker === "operations").map((list) => list.file);
    assert.deepEqual([...new Set(changed)].sort(), [...new Set([...recipeFiles(ID), ...generated])].sort());
  });
});
