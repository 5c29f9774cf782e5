/**
 * @module service/cli-args
 * `esign-service`'s arguments: its flags are the service options' (options.ts), derived by the
 * command kit esign uses (provider/cli: one parser, one help, one exit-code table; a usage
 * error exits 64).
 */
import { Args, type Command, type OptionSpec } from "../provider/cli/command";
import { EXIT } from "../provider/cli/exit-codes";
import { flagOptions, optionsFromFlags } from "../provider/cli/knob-flags";
import { parseCommandArgs } from "../provider/cli/parse";
import type { Ui } from "../provider/cli/ui";
import { serviceOptions, type ResolvedOptions, type ServiceOptions } from "./options";

/** The command line's own defaults: a fixed port a script can name (startService() picks a free one). */
const CLI_DEFAULTS = { port: 8787 } satisfies ServiceOptions;

export const SERVICE_FLAGS: Record<string, OptionSpec> = flagOptions(serviceOptions.shape, CLI_DEFAULTS);

/** The options the flags set, over the command line's own defaults, then the options' own. */
export function optionsOf(args: Args): ResolvedOptions {
  return optionsFromFlags(serviceOptions, args, CLI_DEFAULTS);
}

/** The command's shape; main.ts gives it its run(). */
export function serviceCommandWith(run: (options: ResolvedOptions, ui: Ui) => Promise<number>): Command {
  return {
    name: "esign-service",
    standalone: true,
    summary: "the local service: an emulator of the Dropbox Sign v3 API for development and tests",
    usage: ["esign-service [--port 8787] [--api-key devkey] [--plan NAME] [--data FILE] [options]"],
    description: "Prints the base URL and the API key, then serves until SIGINT or SIGTERM.",
    options: SERVICE_FLAGS,
    exits: [EXIT.OK, EXIT.FAILURE, EXIT.USAGE],
    run: (args, ui) => run(optionsOf(args), ui),
  };
}

/** The options `argv` asks for (a UsageError naming the flag when it is wrong): the command's parse, for tests and scripts. */
export function parseArgs(argv: string[]): ResolvedOptions {
  return optionsOf(
    parseCommandArgs(
      serviceCommandWith(async () => EXIT.OK),
      argv,
    ),
  );
}
