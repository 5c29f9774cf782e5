#!/usr/bin/env node
/**
 * The `esign` command.
 *
 *   esign export [--out account.yaml] [--force] [--api-key KEY] [--base-url URL]
 *   esign export --format pulumi-import [--out import.json] [--plugin-version V] [--provider NAME=URN] ...
 *     (the engine's import file for `pulumi import --file`: import-file.ts)
 *   esign drift [DIR] [--stack NAME] [--format text|markdown|json]   (see drift.ts)
 *   esign recover [DIR] [--stack NAME] [--dry-run] [--unlock]   (after a cut-off run: recover.ts)
 *
 * Credentials default to ESIGN_API_KEY and ESIGN_BASE_URL. The key is never printed.
 */
import * as fs from "fs";
import * as path from "path";
import { stringify } from "yaml";
import { EsignClient } from "../client";
import { DRIFT_USAGE } from "./drift-format";
import { readAccount } from "./export";
import { importFileOf, parseProviderSpec } from "./import-file";
import { RECOVER_USAGE } from "./recover-usage";

const USAGE = [
  "usage: esign export [--out account.yaml] [--force] [--api-key KEY] [--base-url URL]",
  "       esign export --format pulumi-import [--out import.json] [--plugin-version V] [--provider NAME=URN] [--force] ...",
  DRIFT_USAGE.replace(/^usage:/, "      "),
  RECOVER_USAGE.replace(/^usage:/, "      "),
].join("\n");

const FLAGS = ["out", "api-key", "base-url", "format", "plugin-version", "provider"];
const FORMATS = ["account", "pulumi-import"];
/** Flags without a value. */
const SWITCHES = ["force"];

/** The flags, or a line saying what is wrong with them. */
function flags(argv: string[]): Record<string, string> | string {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(argv[i]);
    if (m && SWITCHES.includes(m[1]) && m[2] === undefined) out[m[1]] = "true";
    else if (!m || !FLAGS.includes(m[1])) return `unexpected argument ${argv[i]}`;
    else out[m[1]] = m[2] ?? argv[++i] ?? "";
  }
  return out;
}

const refusedOverwrite = (out: string) => `esign export: ${out} exists; pass --force to overwrite it (or --out another file, or --out - for stdout)`;

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === "help" || command === "--help" || command === "-h") {
    console.log(USAGE);
    return 0;
  }
  if (command === "drift") return (await import("./drift")).drift(rest);
  if (command === "recover") return (await import("./recover")).recoverCommand(rest);
  if (command !== "export") {
    console.error(command ? `esign: unknown command ${command}\n${USAGE}` : USAGE);
    return 2;
  }
  const f = flags(rest);
  if (typeof f === "string") {
    console.error(`esign export: ${f}\n${USAGE}`);
    return 2;
  }
  const format = f.format ?? "account";
  if (!FORMATS.includes(format)) {
    console.error(`esign export: --format must be one of ${FORMATS.join(", ")}, got ${JSON.stringify(format)}`);
    return 2;
  }
  const importOnly = ["plugin-version", "provider"].filter((k) => f[k] !== undefined);
  if (format !== "pulumi-import" && importOnly.length) {
    console.error(`esign export: --${importOnly[0]} applies to --format pulumi-import only`);
    return 2;
  }
  const provider = f.provider === undefined ? undefined : parseProviderSpec(f.provider);
  if (typeof provider === "string") {
    console.error(`esign export: ${provider}`);
    return 2;
  }
  if (provider && f["plugin-version"] !== undefined) {
    console.error("esign export: --plugin-version and --provider exclude each other (an explicit provider names its own version)");
    return 2;
  }
  const apiKey = f["api-key"] ?? process.env.ESIGN_API_KEY;
  if (!apiKey) {
    console.error("esign export: no API key (--api-key or ESIGN_API_KEY)");
    return 2;
  }
  const out = f.out ?? (format === "account" ? "account.yaml" : "import.json");
  const force = f.force === "true";
  // Refused before any request: an account file holds reviewed intent (keys, protect, previousKeys)
  // that an export cannot rebuild, so replacing one must be asked for.
  if (out !== "-" && !force && fs.existsSync(out)) {
    console.error(refusedOverwrite(out));
    return 2;
  }
  const client = new EsignClient({ apiKey, baseUrl: f["base-url"] ?? process.env.ESIGN_BASE_URL });
  const read = await readAccount(client);
  const account = read.file;
  const imports = format === "pulumi-import" ? importFileOf(read, { version: f["plugin-version"], provider }) : undefined;
  const text = imports ? `${JSON.stringify(imports, null, 2)}\n` : `# Exported by esign export: every object is adopted on the first pulumi up.\n${stringify(account)}`;
  if (out === "-") process.stdout.write(text);
  else {
    try {
      // "wx" also refuses a file that appeared while the account was read.
      fs.writeFileSync(out, text, { flag: force ? "w" : "wx" });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      console.error(refusedOverwrite(out));
      return 2;
    }
    const count = (account.members?.length ?? 0) + (account.apiApps?.length ?? 0) + (account.templates?.length ?? 0) + (account.faxLines?.length ?? 0);
    const what = imports ? `${imports.resources.length} resources` : `${account.team ? "team, " : ""}${count} entries`;
    console.error(`esign export: wrote ${out} (${what})`);
  }
  return 0;
}

/**
 * Run as a command: directly (`node dist/provider/cli/esign.js`, the `esign` bin) or through
 * scripts/run-ts.js (`npm run esign`), which require()s this file, so `require.main` is the
 * runner; it puts this file's path in argv[1], as node does.
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

if (runAsCommand()) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e) => {
      console.error(`esign export: ${e instanceof Error ? e.message : String(e)}`);
      process.exit(1);
    },
  );
}
