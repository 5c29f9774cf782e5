/**
 * What one `esign` command is (D106): a module with its name, one-line summary, usage lines,
 * options and a run() that returns an exit code. The command table (commands/index.ts) lists
 * them; esign.ts parses every command's arguments the same way (node:util parseArgs) and prints
 * every help text, so adding a command is one module and one line in the table.
 */
import type { ExitCode } from "./exit-codes";
import type { Ui } from "./ui";

export interface OptionSpec {
  type: "string" | "boolean";
  short?: string;
  /** May be given more than once (values collect in order). */
  multiple?: boolean;
  /** The value's name in the help text (`--out FILE`). */
  value?: string;
  description: string;
}

/** What the parser read: options by name (absent when not given) and the positional arguments. */
export class Args {
  constructor(
    readonly values: Record<string, string | boolean | (string | boolean)[] | undefined>,
    readonly positionals: string[],
  ) {}
  string(name: string): string | undefined {
    const v = this.values[name];
    if (Array.isArray(v)) return v.length ? String(v[v.length - 1]) : undefined;
    return typeof v === "string" ? v : undefined;
  }
  flag(name: string): boolean {
    return this.values[name] === true;
  }
  list(name: string): string[] {
    const v = this.values[name];
    if (v === undefined) return [];
    return (Array.isArray(v) ? v : [v]).map(String);
  }
  has(name: string): boolean {
    return this.values[name] !== undefined;
  }
}

export interface Command {
  name: string;
  /** A program of its own (`esign-service`), not an `esign` subcommand: its name is the whole title. */
  standalone?: boolean;
  /** One line, for `esign --help`'s list of commands. */
  summary: string;
  /** Usage lines without the leading "usage: ", e.g. "esign drift [DIR] [--stack NAME]". */
  usage: string[];
  /** Paragraphs after the usage in `esign <command> --help`. */
  description?: string;
  options: Record<string, OptionSpec>;
  /** How many positional arguments the command takes (default none). */
  positionals?: { max: number; name: string };
  /** The exit codes this command can end with (its help lists them). */
  exits: ExitCode[];
  run(args: Args, ui: Ui): Promise<number>;
}

/** What the command is called in help and error lines: `esign drift`, or `esign-service`. */
export const commandTitle = (command: Command) => (command.standalone ? command.name : `esign ${command.name}`);

/**
 * A usage error found by a command after parsing (a value out of its set, flags that exclude each
 * other): esign.ts prints it labelled by the command with the command's usage, and exits 64.
 */
export class UsageError extends Error {}

/**
 * A failure whose message is already the whole story (one line, labelled by the command when printed):
 * esign.ts prints it without a stack and exits with `code` (default 1).
 */
export class CommandError extends Error {
  constructor(
    message: string,
    readonly code: number = 1,
  ) {
    super(message);
  }
}
