#!/usr/bin/env node
/**
 * The `esign` command: the command table (commands/index.ts), each command one module parsed by
 * parse.ts; help and version here. Exit codes: exit-codes.ts (one table for every command).
 *
 *   esign export ...   (commands/export.ts)
 *   esign drift ...    (commands/drift.ts)
 *   esign help [COMMAND] | esign COMMAND --help | esign --version
 *
 * Credentials default to ESIGN_API_KEY and ESIGN_BASE_URL. The key is never printed.
 */
import * as fs from "fs";
import * as path from "path";
import { CommandError, UsageError, type Command } from "./command";
import { COMMANDS } from "./commands";
import { processIo, type Io } from "./colour";
import { EXIT } from "./exit-codes";
import { commandHelp, mainHelp, usageOf } from "./help";
import { packageVersion } from "../native/version";
import { asksForHelp, closest, parseCommandArgs } from "./parse";
import { Ui } from "./ui";

function find(name: string, commands: Command[]): Command | undefined {
  return commands.find((c) => c.name === name);
}

function unknownCommand(name: string, ui: Ui, commands: Command[]): number {
  const near = closest(
    name,
    commands.map((c) => c.name),
  );
  ui.error(`unknown command ${name}${near ? ` (did you mean ${near}?)` : ""}; run esign --help for the commands`);
  return EXIT.USAGE;
}

/** The first line of an error's message: errors are one line (a stack only with ESIGN_DEBUG set). */
function oneLine(e: unknown, env: Io["env"]): string {
  if (env.ESIGN_DEBUG && e instanceof Error && e.stack) return e.stack;
  const message = e instanceof Error ? e.message : String(e);
  return message.split("\n").find((l) => l.trim()) ?? message;
}

/** Runs `esign` with `argv` (without node and the script); resolves to the exit code. */
export async function main(argv: string[], io: Io = processIo(), commands: Command[] = COMMANDS): Promise<number> {
  const top = new Ui(io, "esign");
  const [first, ...rest] = argv;
  if (first === undefined) {
    io.stderr.write(mainHelp(commands));
    return EXIT.USAGE;
  }
  if (first === "--help" || first === "-h") {
    io.stdout.write(mainHelp(commands));
    return EXIT.OK;
  }
  if (first === "--version" || first === "-V" || first === "version") {
    io.stdout.write(`esign ${packageVersion()}\n`);
    return EXIT.OK;
  }
  if (first === "help") {
    if (rest.length === 0) {
      io.stdout.write(mainHelp(commands));
      return EXIT.OK;
    }
    const asked = find(rest[0], commands);
    if (!asked) return unknownCommand(rest[0], top, commands);
    io.stdout.write(commandHelp(asked));
    return EXIT.OK;
  }
  if (first.startsWith("-")) {
    top.error(`unknown option ${first}; run esign --help`);
    return EXIT.USAGE;
  }
  const command = find(first, commands);
  if (!command) return unknownCommand(first, top, commands);
  if (asksForHelp(rest)) {
    io.stdout.write(commandHelp(command));
    return EXIT.OK;
  }
  const ui = new Ui(io, `esign ${command.name}`);
  try {
    return await command.run(parseCommandArgs(command, rest), ui);
  } catch (e) {
    if (e instanceof UsageError) {
      ui.error(e.message);
      io.stderr.write(`${usageOf(command)}\n(esign ${command.name} --help for more)\n`);
      return EXIT.USAGE;
    }
    ui.error(oneLine(e, io.env));
    return e instanceof CommandError ? e.code : EXIT.FAILURE;
  }
}

/**
 * Run as a command: directly (`node dist/provider/cli/esign.js`, the `esign` bin), as the entry of
 * the self-contained executable (scripts/build-esign: the bundle is the SEA's main module), or
 * through scripts/run-ts.js (`npm run esign`), which require()s this file, so `require.main` is
 * the runner; it puts this file's path in argv[1], as node does.
 */
function runAsCommand(): boolean {
  if (require.main === module) return true;
  const entry = process.argv[1];
  if (!entry) return false;
  const real = (p: string) => {
    try {
      return fs.realpathSync(p);
    } catch {
      return path.resolve(p);
    }
  };
  return real(entry) === real(__filename);
}

/** Exits once stdout and stderr have taken everything written (a pipe to `tee` or a file gets the whole report). */
function exit(code: number): void {
  let pending = 2;
  const done = () => {
    if (--pending === 0) process.exit(code);
  };
  process.stdout.write("", done);
  process.stderr.write("", done);
}

/** Runs `esign` as the process: its exit code is main()'s. */
function runCommand(argv: string[]): void {
  // A reader that stops early (`esign --help | head`) is not an error of esign's: the rest of the
  // output is dropped and the exit code stays the command's.
  for (const stream of [process.stdout, process.stderr])
    stream.on("error", (e: NodeJS.ErrnoException) => {
      if (e.code !== "EPIPE") throw e;
    });
  main(argv).then(exit, (e) => {
    // main() catches what a command throws; this is a fault of esign itself.
    process.stderr.write(`esign: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    exit(EXIT.FAILURE);
  });
}

if (runAsCommand()) runCommand(process.argv.slice(2));
