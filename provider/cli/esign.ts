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
import type { Command } from "./command";
import { COMMANDS } from "./commands";
import { processIo, type Io } from "./colour";
import { EXIT } from "./exit-codes";
import { commandHelp, mainHelp } from "./help";
import { packageVersion } from "../native/version";
import { closest } from "./parse";
import { runAsProcess, runCommand } from "./run-command";
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
  return runCommand(command, rest, io);
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

if (runAsCommand()) runAsProcess("esign", () => main(process.argv.slice(2)));
