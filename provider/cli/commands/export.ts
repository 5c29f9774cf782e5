/**
 * `esign export`: the account read through the client, written as an account file marked for
 * adoption (export.ts), or as the engine's import file (import-file.ts).
 */
import * as fs from "fs";
import { DEFAULT_BASE_URL } from "../../client/options";
import { z } from "zod";
import { errnoCode } from "../../core/files";
import { Args, Command, CommandError, UsageError } from "../command";
import { commandClient, commandSettings } from "../command-client";
import { flagOptions, optionsFromFlags } from "../knob-flags";
import { EXIT } from "../exit-codes";
import type { Ui } from "../ui";

const FORMATS = ["account", "pulumi-import"] as const;
const NO_KEY = "no API key (ESIGN_API_KEY or --api-key-file FILE)";

/** The flags, in the knob language (knob-flags.ts derives the parser's table and reads them back). */
const exportFlags = z.object({
  out: z.string().optional().meta({ short: "o", value: "FILE", description: "where to write (default account.yaml, or import.json; - for stdout)" }),
  force: z.boolean().default(false).meta({ short: "f", description: "overwrite --out if it exists" }),
  format: z
    .enum(FORMATS)
    .default("account")
    .meta({ value: "FORMAT", description: FORMATS.join(" or ") }),
  apiKeyFile: z.string().optional().meta({ value: "FILE", description: "read the API key from FILE's first line (- for stdin; default $ESIGN_API_KEY)" }),
  apiKey: z.string().optional().meta({ value: "KEY", description: "refused: a key on the command line is visible to other users (use ESIGN_API_KEY or --api-key-file)" }),
  baseUrl: z
    .string()
    .optional()
    .meta({ value: "URL", description: `the service (default $ESIGN_BASE_URL, else ${DEFAULT_BASE_URL})` }),
  pluginVersion: z.string().optional().meta({ value: "V", description: "pulumi-import: the plugin version the stack runs (default this one)" }),
  provider: z.string().optional().meta({ value: "NAME=URN", description: "pulumi-import: an explicit esign provider of the stack" }),
});
type ExportFlags = z.output<typeof exportFlags>;

/**
 * The key from a file (`-`: stdin), else undefined (the settings read ESIGN_API_KEY); never from
 * the command line: an argument is in the process list (`ps`, /proc/<pid>/cmdline), which every
 * user of the machine reads (D134).
 */
function keyFromFile(flags: ExportFlags): string | undefined {
  if (flags.apiKey !== undefined)
    throw new UsageError("--api-key would put the key in the process list, where other users of this machine read it: set ESIGN_API_KEY, or pass --api-key-file FILE (- reads stdin)");
  const file = flags.apiKeyFile;
  if (file === undefined) return undefined;
  let text: string;
  try {
    text = fs.readFileSync(file === "-" ? 0 : file, "utf8");
  } catch (e) {
    throw new CommandError(`--api-key-file ${file}: ${errnoCode(e) ?? (e instanceof Error ? e.message : String(e))}`);
  }
  const key = text.split(/\r?\n/)[0].trim();
  if (!key) throw new UsageError(`--api-key-file ${file}: no key on its first line`);
  return key;
}

const refusedOverwrite = (out: string) => `${out} exists; pass --force to overwrite it (or --out another file, or --out - for stdout)`;

async function run(args: Args, ui: Ui): Promise<number> {
  // Loaded here, not at the top: `esign --help` and `esign drift` need none of it.
  const [{ stringify }, { readAccount }, { importFileOf, parseProviderSpec }] = await Promise.all([import("yaml"), import("../export"), import("../import-file")]);
  const flags = optionsFromFlags(exportFlags, args);
  const format = flags.format;
  const importOnly = flags.pluginVersion !== undefined ? "--plugin-version" : flags.provider !== undefined ? "--provider" : undefined;
  if (format !== "pulumi-import" && importOnly) throw new UsageError(`${importOnly} applies to --format pulumi-import only`);
  const provider = flags.provider === undefined ? undefined : parseProviderSpec(flags.provider);
  if (typeof provider === "string") throw new UsageError(provider);
  if (provider && flags.pluginVersion !== undefined) throw new UsageError("--plugin-version and --provider exclude each other (an explicit provider names its own version)");
  const given: Record<string, string | undefined> = { "esign:apiKey": keyFromFile(flags), "esign:baseUrl": flags.baseUrl };
  const settings = commandSettings({ get: (key) => given[key], env: ui.io.env, names: { "esign:baseUrl": "--base-url" } });
  if (!settings.apiKey) throw new UsageError(NO_KEY);
  const out = flags.out ?? (format === "account" ? "account.yaml" : "import.json");
  const force = flags.force;
  // Refused before any request: an account file holds reviewed intent (keys, protect, previousKeys)
  // that an export cannot rebuild, so replacing one must be asked for.
  if (out !== "-" && !force && fs.existsSync(out)) throw new CommandError(refusedOverwrite(out));
  const progress = ui.progress(`reading the account from ${settings.baseUrl ?? DEFAULT_BASE_URL}`).counting("requests");
  const client = await commandClient(settings, new UsageError(NO_KEY), { onRequest: () => progress.tick() });
  const read = await progress.around("read the account", () => readAccount(client));
  const account = read.file;
  const imports = format === "pulumi-import" ? importFileOf(read, { version: flags.pluginVersion, provider }) : undefined;
  const text = imports ? `${JSON.stringify(imports, null, 2)}\n` : `# Exported by esign export: every object is adopted on the first pulumi up.\n${stringify(account)}`;
  if (out === "-") {
    ui.print(text);
    return EXIT.OK;
  }
  try {
    // "wx" also refuses a file that appeared while the account was read.
    fs.writeFileSync(out, text, { flag: force ? "w" : "wx" });
  } catch (e) {
    if (errnoCode(e) !== "EEXIST") throw e;
    throw new CommandError(refusedOverwrite(out));
  }
  const count = (account.members?.length ?? 0) + (account.apiApps?.length ?? 0) + (account.templates?.length ?? 0) + (account.faxLines?.length ?? 0);
  const what = imports ? `${imports.resources.length} resources` : `${account.team ? "team, " : ""}${count} entries`;
  ui.note(`wrote ${out} (${what})`);
  return EXIT.OK;
}

export const exportCommand: Command = {
  name: "export",
  summary: "write an existing account as an account file (or the engine's import file)",
  usage: [
    "esign export [--out account.yaml] [--force] [--api-key-file FILE] [--base-url URL]",
    "esign export --format pulumi-import [--out import.json] [--plugin-version V | --provider NAME=URN] [--force] ...",
  ],
  description: [
    "Reads every object of the account the key belongs to and writes them as an account file marked for",
    "adoption: the first `pulumi up` on it creates, changes and deletes nothing. With --format pulumi-import,",
    "writes the file `pulumi import --file` takes instead. The key is never printed. The key comes from",
    "ESIGN_API_KEY or --api-key-file, never the command line (other users of the machine see its arguments).",
  ].join("\n"),
  options: flagOptions(exportFlags.shape),
  exits: [EXIT.OK, EXIT.FAILURE, EXIT.USAGE],
  run,
};
