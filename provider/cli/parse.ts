/**
 * The one argument parser of every `esign` command: node:util parseArgs (strict), with its
 * errors said in one short line naming the flag, and a suggestion for a misspelt name.
 */
import { parseArgs } from "node:util";
import { closest as nearest } from "../core/suggest";
import { Args, Command, UsageError } from "./command";

/** The closest of `names` to `typed`, when it is close enough to be a typo (one edit per 3 characters, at least one). */
export const closest = (typed: string, names: string[]): string | undefined => nearest(typed, names, 3, 1);

const suggestion = (typed: string, names: string[]) => {
  const near = closest(typed, names);
  return near ? ` (did you mean ${near}?)` : "";
};

/** Whether the arguments ask for help (before any `--`). */
export function asksForHelp(argv: string[]): boolean {
  const end = argv.indexOf("--");
  return (end < 0 ? argv : argv.slice(0, end)).some((a) => a === "--help" || a === "-h");
}

/** The command's arguments, or a UsageError saying in one line what is wrong with them. */
export function parseCommandArgs(command: Command, argv: string[]): Args {
  const options = Object.fromEntries(Object.entries(command.options).map(([name, o]) => [name, { type: o.type, ...(o.short ? { short: o.short } : {}), ...(o.multiple ? { multiple: true } : {}) }]));
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options, strict: true, allowPositionals: true });
  } catch (e) {
    const code = (e as { code?: string }).code ?? "";
    // Only the user's mistakes are usage errors; a bad option table is esign's own fault.
    if (!code.startsWith("ERR_PARSE_ARGS_")) throw e;
    throw new UsageError(parseError(e as Error & { code?: string }, command));
  }
  const max = command.positionals?.max ?? 0;
  if (parsed.positionals.length > max) {
    const extra = parsed.positionals.slice(max);
    throw new UsageError(max === 0 ? `unexpected argument ${extra[0]}` : `one ${command.positionals?.name} expected, got ${parsed.positionals.join(" ")}`);
  }
  return new Args(parsed.values, parsed.positionals);
}

function parseError(e: Error & { code?: string }, command: Command): string {
  const flag = /'([^']+)'/.exec(e.message)?.[1] ?? "";
  // "-o, --out <value>" -> "--out"
  const long = /--[a-z0-9-]+/.exec(flag)?.[0] ?? flag;
  if (e.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
    const names = Object.keys(command.options).map((n) => `--${n}`);
    return `unknown option ${flag}${flag.startsWith("--") ? suggestion(flag, names) : ""}`;
  }
  if (e.code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
    if (/does not take an argument/.test(e.message)) return `${long} takes no value`;
    if (/ambiguous/.test(e.message)) return `${long} needs a value (write ${long}=VALUE for one that starts with -)`;
    return `${long} needs a value`;
  }
  return e.message.split("\n")[0];
}
