/**
 * Runs one command of the kit (command.ts) as `esign <command>` and `esign-service` both do: its
 * help on --help, its arguments parsed by parse.ts, a usage error said with the usage and exit 64,
 * any other error in one line (a stack only with ESIGN_DEBUG set), and the process ended once its
 * output is written.
 */
import { readEnvironment } from "../client/options";
import { CommandError, UsageError, commandTitle, type Command } from "./command";
import type { Io } from "./colour";
import { EXIT } from "./exit-codes";
import { commandHelp, usageOf } from "./help";
import { asksForHelp, parseCommandArgs } from "./parse";
import { Ui } from "./ui";

/** The first line of an error's message: errors are one line (a stack only with ESIGN_DEBUG set). */
export function oneLine(e: unknown, env: Io["env"]): string {
  if (readEnvironment(env).debug && e instanceof Error && e.stack) return e.stack;
  const message = e instanceof Error ? e.message : String(e);
  return message.split("\n").find((l) => l.trim()) ?? message;
}

/** Runs `command` with its arguments `argv`; resolves to the exit code. */
export async function runCommand(command: Command, argv: string[], io: Io): Promise<number> {
  const title = commandTitle(command);
  if (asksForHelp(argv)) {
    io.stdout.write(commandHelp(command));
    return EXIT.OK;
  }
  const ui = new Ui(io, title);
  try {
    return await command.run(parseCommandArgs(command, argv), ui);
  } catch (e) {
    if (e instanceof UsageError) {
      ui.error(e.message);
      io.stderr.write(`${usageOf(command)}\n(${title} --help for more)\n`);
      return EXIT.USAGE;
    }
    ui.error(oneLine(e, io.env));
    return e instanceof CommandError ? e.code : EXIT.FAILURE;
  }
}

/** Exits once stdout and stderr have taken everything written (a pipe to `tee` or a file gets the whole report). */
export function exitWhenWritten(code: number): void {
  let pending = 2;
  const done = () => {
    if (--pending === 0) process.exit(code);
  };
  process.stdout.write("", done);
  process.stderr.write("", done);
}

/** Runs a program as the process: its exit code is `main`'s. */
export function runAsProcess(name: string, main: () => Promise<number>): void {
  // A reader that stops early (`esign --help | head`) is not an error of the program's: the rest of
  // the output is dropped and the exit code stays the command's.
  for (const stream of [process.stdout, process.stderr])
    stream.on("error", (e: NodeJS.ErrnoException) => {
      if (e.code !== "EPIPE") throw e;
    });
  main().then(exitWhenWritten, (e) => {
    // main() catches what a command throws; this is a fault of the program itself.
    process.stderr.write(`${name}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    exitWhenWritten(EXIT.FAILURE);
  });
}
