/**
 * `esign drift`: what differs between git and the service, from a refresh preview of a stack
 * (drift.ts). The Automation API loads only when the command runs, so `esign --help` stays fast.
 */
import * as path from "path";
import { z } from "zod";
import type { Args, Command } from "../command";
import { DRIFT_FORMATS } from "../drift-format";
import { flagOptions, optionsFromFlags } from "../knob-flags";
import { EXIT } from "../exit-codes";
import type { Ui } from "../ui";

/** The flags, in the knob language (knob-flags.ts derives the parser's table and reads them back). */
const driftFlags = z.object({
  stack: z.string().optional().meta({ short: "s", value: "NAME", description: "the stack (default: the selected one)" }),
  format: z
    .enum(DRIFT_FORMATS)
    .default("text")
    .meta({ value: "FORMAT", description: DRIFT_FORMATS.join(", ") }),
  ignoreFile: z.string().optional().meta({ value: "FILE", description: "a YAML file whose `ignore` map names objects meant to stay unmanaged (default: the project's account file)" }),
  redactEmails: z.boolean().default(false).meta({ description: "cut the unmanaged section's addresses to z…@domain (for comments in public repositories)" }),
});

async function run(args: Args, ui: Ui): Promise<number> {
  const flags = optionsFromFlags(driftFlags, args);
  const dir = args.positionals[0] ? path.resolve(args.positionals[0]) : process.cwd();
  const { drift } = await import("../drift");
  return drift({ dir, ...flags }, ui);
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
  options: flagOptions(driftFlags.shape),
  positionals: { max: 1, name: "DIR" },
  exits: [EXIT.OK, EXIT.FAILURE, EXIT.DRIFT, EXIT.UNMANAGED, EXIT.USAGE],
  run,
};
