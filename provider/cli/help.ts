/** The help texts, made from the command table: `esign --help` and `esign <command> --help`. */
import { commandTitle, type Command, type OptionSpec } from "./command";
import { EXIT_CODE_LINES } from "./exit-codes";

const HELP_OPTION: OptionSpec = { type: "boolean", short: "h", description: "show this help" };

function optionLines(options: Record<string, OptionSpec>): string[] {
  const rows = Object.entries(options).map(([name, o]) => [`${o.short ? `-${o.short}, ` : "    "}--${name}${o.value ? ` ${o.value}` : ""}`, o.description + (o.multiple ? " (repeatable)" : "")]);
  const width = Math.max(...rows.map(([left]) => left.length));
  return rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`);
}

const exitLines = (codes?: number[]) => EXIT_CODE_LINES.filter((l) => !codes || codes.includes(Number(l.trim().split(/\s+/)[0])));

export function usageOf(command: Command): string {
  return command.usage.map((u, i) => `${i === 0 ? "usage: " : "       "}${u}`).join("\n");
}

export function commandHelp(command: Command): string {
  return [
    `${commandTitle(command)}: ${command.summary}`,
    "",
    usageOf(command),
    ...(command.description ? ["", command.description] : []),
    "",
    "options:",
    ...optionLines({ ...command.options, help: HELP_OPTION }),
    "",
    "exit codes:",
    ...exitLines(command.exits),
    "",
  ].join("\n");
}

export function mainHelp(commands: Command[]): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    "esign: the account file's companion for the esign Pulumi provider (Dropbox Sign v3 API)",
    "",
    "usage: esign <command> [options]",
    "       esign help <command>      (or esign <command> --help)",
    "       esign --version",
    "",
    "commands:",
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    "",
    "exit codes (every command):",
    ...exitLines(),
    "",
    "Credentials default to ESIGN_API_KEY and ESIGN_BASE_URL. Colour: on a terminal; NO_COLOR=1 turns it off, FORCE_COLOR=1 on.",
    "",
  ].join("\n");
}
