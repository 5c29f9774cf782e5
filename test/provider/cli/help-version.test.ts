/**
 * `esign` behaves like a command-line tool: help on stdout with exit 0 for every way of asking,
 * `--version` the package's version, usage errors (unknown command, bad flag) exit 64 labelled
 * by their command with a suggestion for a typo, and any other error labelled by its command, exit 1.
 * In process: main() with captured streams.
 */
import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { Command, CommandError } from "../../../provider/cli/command";
import { COMMANDS } from "../../../provider/cli/commands";
import { EXIT } from "../../../provider/cli/exit-codes";
import { esign } from "./run-esign";

const version = (require("../../../package.json") as { version: string }).version;

describe("esign: help and version", () => {
  for (const args of [["--help"], ["-h"], ["help"]]) {
    it(`esign ${args.join(" ")} prints every command and the exit codes on stdout, exit 0`, async () => {
      const r = await esign(args);
      assert.deepStrictEqual([r.code, r.stderr], [0, ""]);
      assert.match(r.stdout, /^usage: esign <command>/m);
      for (const c of COMMANDS) assert.match(r.stdout, new RegExp(`^  ${c.name} +${c.summary.replace(/[()]/g, "\\$&")}$`, "m"));
      assert.match(r.stdout, /^ {2}64 +usage error/m);
      assert.match(r.stdout, /^ {2}2 +drift found/m);
    });
  }

  for (const c of COMMANDS)
    for (const args of [
      [c.name, "--help"],
      [c.name, "-h"],
      ["help", c.name],
      [c.name, "--stack", "x", "--help"],
    ]) {
      it(`esign ${args.join(" ")}: the command's usage, options and exit codes on stdout, exit 0`, async () => {
        const r = await esign(args);
        assert.deepStrictEqual([r.code, r.stderr], [0, ""]);
        assert.match(r.stdout, new RegExp(`^usage: esign ${c.name}`, "m"));
        for (const name of Object.keys(c.options)) assert.match(r.stdout, new RegExp(`--${name}\\b`));
        assert.match(r.stdout, /^exit codes:$/m);
        for (const code of c.exits) assert.match(r.stdout, new RegExp(`^ {2}${code} `, "m"));
      });
    }

  it("drift's help lists drift (2) among its exit codes, export's does not", async () => {
    assert.match((await esign(["drift", "--help"])).stdout, /^ {2}2 +drift found/m);
    assert.doesNotMatch((await esign(["export", "--help"])).stdout, /^ {2}2 /m);
  });

  for (const flag of ["--version", "-V"])
    it(`esign ${flag} prints the package version, exit 0`, async () => {
      assert.deepStrictEqual(await esign([flag]), { code: 0, stdout: `esign ${version}\n`, stderr: "" });
    });

  it("esign with no command prints the help on stderr, exit 64", async () => {
    const r = await esign([]);
    assert.deepStrictEqual([r.code, r.stdout], [EXIT.USAGE, ""]);
    assert.match(r.stderr, /^usage: esign <command>/m);
  });
});

describe("esign: usage errors exit 64, labelled", () => {
  it("an unknown command suggests the nearest one, and is never drift's 2", async () => {
    const r = await esign(["drfit", "--stack", "prod"]);
    assert.deepStrictEqual([r.code, r.stdout], [64, ""]);
    assert.strictEqual(r.stderr, "esign: unknown command drfit (did you mean drift?); run esign --help for the commands\n");
    assert.strictEqual((await esign(["help", "exprot"])).code, 64);
    assert.match((await esign(["frobnicate"])).stderr, /^esign: unknown command frobnicate; run/);
  });

  it("an unknown top-level option", async () => {
    const r = await esign(["--verbose"]);
    assert.deepStrictEqual([r.code, r.stderr], [64, "esign: unknown option --verbose; run esign --help\n"]);
  });

  const cases: [string[], string][] = [
    [["drift", "--stak", "prod"], "esign drift: unknown option --stak (did you mean --stack?)"],
    [["drift", "--stack"], "esign drift: --stack needs a value"],
    [["drift", "--stack", "--format", "json"], "esign drift: --stack needs a value (write --stack=VALUE for one that starts with -)"],
    [["drift", "a", "b"], "esign drift: one DIR expected, got a b"],
    [["drift", "--format", "html"], 'esign drift: --format must be one of text, markdown, json, got "html"'],
    [["export", "--forse"], "esign export: unknown option --forse (did you mean --force?)"],
    [["export", "extra"], "esign export: unexpected argument extra"],
    [["export", "-x"], "esign export: unknown option -x"],
    [["export"], "esign export: no API key (ESIGN_API_KEY or --api-key-file FILE)"],
    [
      ["export", "--api-key", "k"],
      "esign export: --api-key would put the key in the process list, where other users of this machine read it: set ESIGN_API_KEY, or pass --api-key-file FILE (- reads stdin)",
    ],
  ];
  for (const [args, line] of cases)
    it(`esign ${args.join(" ")}: "${line}", the usage, exit 64`, async () => {
      const r = await esign(args);
      assert.strictEqual(r.code, 64, r.stderr);
      const [first, ...more] = r.stderr.split("\n");
      assert.strictEqual(first, line);
      assert.match(more.join("\n"), new RegExp(`^usage: esign ${args[0]} `));
      assert.match(r.stderr, new RegExp(`\\(esign ${args[0]} --help for more\\)\\n$`));
    });
});

describe("esign: errors are labelled by their command", () => {
  const boom = (error: unknown): Command => ({
    name: "boom",
    summary: "fails",
    usage: ["esign boom"],
    options: {},
    exits: [0, 1],
    run: async () => {
      throw error;
    },
  });

  it("an uncaught error: one line labelled by the command, exit 1", async () => {
    const r = await esign(["boom"], { commands: [boom(new Error("the service said no\n    at somewhere (x.js:1:1)"))] });
    assert.deepStrictEqual(r, { code: 1, stdout: "", stderr: "esign boom: the service said no\n" });
  });

  it("a thrown non-Error too", async () => {
    const r = await esign(["boom"], { commands: [boom("plain string")] });
    assert.deepStrictEqual([r.code, r.stderr], [1, "esign boom: plain string\n"]);
  });

  it("a CommandError exits with its code", async () => {
    const r = await esign(["boom"], { commands: [boom(new CommandError("undecided", EXIT.AMBIGUOUS))] });
    assert.deepStrictEqual([r.code, r.stderr], [4, "esign boom: undecided\n"]);
  });

  it("ESIGN_DEBUG shows the stack", async () => {
    const r = await esign(["boom"], { commands: [boom(new Error("deep"))], env: { ESIGN_DEBUG: "1" } });
    assert.match(r.stderr, /^esign boom: Error: deep\n\s+at /);
  });

  it("drift without the pulumi CLI on PATH says so in one line, exit 1", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "esign-drift-"));
    try {
      fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: p\nruntime: yaml\n");
      const r = await esign(["drift", dir], { env: { PATH: dir } });
      assert.deepStrictEqual([r.code, r.stdout], [1, ""]);
      assert.match(r.stderr, /^esign drift: the pulumi CLI is not on PATH \(drift runs `pulumi preview --refresh` with it\): install it, https:\/\/www\.pulumi\.com\/docs\/install\/\n$/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("drift's failures are labelled esign drift (not esign export)", async () => {
    const r = await esign(["drift", "/nonexistent-esign-dir"]);
    assert.deepStrictEqual([r.code, r.stderr], [1, "esign drift: no Pulumi.yaml in /nonexistent-esign-dir\n"]);
  });
});
