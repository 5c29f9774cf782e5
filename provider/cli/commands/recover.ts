/**
 * `esign recover`: after a run cut off mid-way, records what its pending creates made and clears
 * the rest (recover.ts). Its modules load only when the command runs, so `esign --help` stays fast.
 */
import * as path from "path";
import { z } from "zod";
import type { Args, Command } from "../command";
import { flagOptions, optionsFromFlags } from "../knob-flags";
import { EXIT } from "../exit-codes";
import type { Ui } from "../ui";

/** The flags, in the knob language (knob-flags.ts derives the parser's table and reads them back). */
const recoverFlags = z.object({
  stack: z.string().optional().meta({ short: "s", value: "NAME", description: "the stack (default: the selected one)" }),
  dryRun: z.boolean().default(false).meta({ description: "print what it would do; change nothing" }),
  unlock: z.boolean().default(false).meta({ description: "remove the lock a cut-off run left, when recover can see it and its process is gone (a file backend, this machine)" }),
  cancelUpdate: z.string().optional().meta({
    value: "STACK",
    description: "run `pulumi cancel` on STACK (the stack recovered): a lock recover cannot see or judge (Pulumi Cloud, S3, GCS, Azure, another machine's); cancels an update that still runs",
  }),
  noRunProgram: z
    .boolean()
    .default(false)
    .meta({ description: "the CLI cannot run the program (an Automation API inline program): read the recorded objects with the provider settings the state holds" }),
});

async function run(args: Args, ui: Ui): Promise<number> {
  const dir = args.positionals[0] ? path.resolve(args.positionals[0]) : process.cwd();
  const { recover } = await import("../recover");
  return recover({
    dir,
    ...optionsFromFlags(recoverFlags, args),
    out: (line) => ui.print(`${line}\n`),
    err: (line) => ui.error(line),
  });
}

export const recoverCommand: Command = {
  name: "recover",
  summary: "after a run cut off mid-way: record what its pending creates made, clear the rest",
  usage: ["esign recover [DIR] [--stack NAME] [--dry-run] [--unlock] [--cancel-update STACK] [--no-run-program]"],
  description: [
    "For each pending create of an esign resource in the stack (a `pulumi up` killed or cancelled after",
    "the service made an object and before the answer came back), finds the object in the account and",
    "records it in the state (pulumi stack export / import, then a targeted refresh), or clears the",
    "pending create when it made nothing; members and grants are cleared (the next up takes them over).",
    "One line per resource. Run it where the program runs: the stack's backend and passphrase, the same key.",
    "A stack that changed after it was read (an update ran in between) is not written: run it again.",
  ].join("\n"),
  options: flagOptions(recoverFlags.shape),
  positionals: { max: 1, name: "DIR" },
  exits: [EXIT.OK, EXIT.FAILURE, EXIT.AMBIGUOUS, EXIT.USAGE],
  run,
};
