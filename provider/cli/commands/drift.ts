/**
 * `esign drift`: what differs between git and the service, from a refresh preview of a stack
 * (drift.ts). The Automation API loads only when the command runs, so `esign --help` stays fast.
 */
import * as path from "path";
import { Args, Command, UsageError } from "../command";
import { DRIFT_FORMATS } from "../drift-format";
import { EXIT } from "../exit-codes";
import type { Ui } from "../ui";

async function run(args: Args, ui: Ui): Promise<number> {
  const format = args.string("format") ?? "text";
  const known = DRIFT_FORMATS.find((f) => f === format);
  if (!known) throw new UsageError(`--format must be one of ${DRIFT_FORMATS.join(", ")}, got ${JSON.stringify(format)}`);
  const dir = args.positionals[0] ? path.resolve(args.positionals[0]) : process.cwd();
  const { drift } = await import("../drift");
  return drift({ dir, stack: args.string("stack"), format: known, ignoreFile: args.string("ignore-file"), redactEmails: args.flag("redact-emails") }, ui);
}

export const driftCommand: Command = {
  name: "drift",
  summary: "report what differs between git and the service for a stack",
  usage: [`esign drift [DIR] [--stack NAME] [--format ${DRIFT_FORMATS.join("|")}] [--ignore-file FILE] [--redact-emails]`],
  description: [
    "Runs a refresh preview of a stack of the Pulumi project in DIR (default: the current directory;",
    "default stack: the selected one), running the program, and reports one line per differing property:",
    "the resource, the value in git, the value in the service, and what the next `up` does. Then the objects",
    "of the account that no resource of the stack manages (members, invitations, apps, templates, fax lines,",
    "undeclared users of managed templates and lines), less those the `ignore` map names. Nothing is written.",
    "Needs the pulumi CLI on PATH and the stack's backend and secrets settings (PULUMI_BACKEND_URL,",
    "PULUMI_CONFIG_PASSPHRASE...) in the environment.",
  ].join("\n"),
  options: {
    stack: { type: "string", short: "s", value: "NAME", description: "the stack (default: the selected one)" },
    format: { type: "string", value: "FORMAT", description: `${DRIFT_FORMATS.join(", ")} (default text)` },
    "ignore-file": { type: "string", value: "FILE", description: "a YAML file whose `ignore` map names objects meant to stay unmanaged (default: the project's account file)" },
    "redact-emails": { type: "boolean", description: "cut the unmanaged section's addresses to z…@domain (for comments in public repositories)" },
  },
  positionals: { max: 1, name: "DIR" },
  exits: [EXIT.OK, EXIT.FAILURE, EXIT.DRIFT, EXIT.UNMANAGED, EXIT.USAGE],
  run,
};
