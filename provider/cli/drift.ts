/**
 * `esign drift [DIR] [--stack NAME] [--format text|markdown|json] [--ignore-file FILE]`
 *
 * A refresh preview (running the program: the current config's key and URL) of a stack of the Pulumi project in DIR (default: the current directory;
 * default stack: the selected one), reported as what differs between git and the service, then
 * the objects of the account that no resource of the stack manages (drift-unmanaged.ts).
 * Exit 0: clean; 2: drift (also with unmanaged objects); 3: unmanaged objects only; 1: error. Needs the pulumi CLI on PATH and the stack's backend
 * and secrets settings (PULUMI_BACKEND_URL, PULUMI_CONFIG_PASSPHRASE...) in the environment.
 */
import * as fs from "fs";
import * as path from "path";
import { LocalWorkspace } from "@pulumi/pulumi/automation";
import { EsignClient } from "../client";
import { DRIFT_FORMATS, DRIFT_USAGE, DriftFormat, driftExitCode, formatDrift } from "./drift-format";
import { ignoreFor } from "./drift-ignore";
import { previewDrift } from "./drift-report";
import { managedOf, unmanagedObjects } from "./drift-unmanaged";
import { POINTS_TO_FULL } from "../deployment/errors";

export interface DriftArgs {
  dir: string;
  stack?: string;
  format: DriftFormat;
  /** A YAML file whose `ignore` map names objects meant to stay unmanaged (drift-ignore.ts). */
  ignoreFile?: string;
}

function parseArgs(argv: string[]): DriftArgs {
  const out: DriftArgs = { dir: process.cwd(), format: "text" };
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const m = /^--(stack|format|ignore-file)(?:=(.*))?$/.exec(argv[i]);
    if (!m) {
      if (argv[i].startsWith("-")) throw new Error(`unknown option ${argv[i]}`);
      positional.push(argv[i]);
      continue;
    }
    const value = m[2] ?? argv[++i];
    if (!value) throw new Error(`--${m[1]} needs a value`);
    if (m[1] === "stack") out.stack = value;
    else if (m[1] === "ignore-file") out.ignoreFile = value;
    else if ((DRIFT_FORMATS as string[]).includes(value)) out.format = value as DriftFormat;
    else throw new Error(`--format must be one of ${DRIFT_FORMATS.join(", ")}, not "${value}"`);
  }
  if (positional.length > 1) throw new Error(`one project directory expected, got ${positional.join(" ")}`);
  if (positional[0]) out.dir = path.resolve(positional[0]);
  return out;
}

/**
 * One line for a failure: the engine's own "error: ..." lines when the CLI failed (a provider's
 * one-line error, e.g. a refused key), never the Automation API's dump of the whole command.
 */
export function reason(e: unknown): string {
  const result = (e as { commandResult?: { stderr?: string; stdout?: string } })?.commandResult;
  const text = `${result?.stderr ?? ""}\n${result?.stdout ?? ""}`;
  const lines = text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l.startsWith("error: "))
    .map((l) => l.slice("error: ".length));
  // The engine repeats a step's error in its summary ("preview failed: ..."); say it once.
  const unique = [...new Set(lines)].filter((l) => !/^(preview|update) failed$/i.test(l));
  // A key refusal is given in full once and pointed to by the other resources (D62): the full one says it all.
  const full = unique.filter((l) => !l.includes(POINTS_TO_FULL));
  if (full.length) return full.join("; ");
  if (unique.length) return unique.join("; ");
  const message = e instanceof Error ? e.message : String(e);
  return message.split("\n").find((l) => l.trim()) ?? message;
}

/** Runs the command; resolves to the exit code. */
export async function drift(argv: string[]): Promise<number> {
  let args: DriftArgs;
  try {
    args = parseArgs(argv);
  } catch (e) {
    console.error(`esign drift: ${(e as Error).message}\n${DRIFT_USAGE}`);
    return 1;
  }
  return runDrift(args);
}

/** The command's work once its arguments are parsed (the command table calls this): the exit code. */
export async function runDrift(args: DriftArgs): Promise<number> {
  if (!["Pulumi.yaml", "Pulumi.yml"].some((f) => fs.existsSync(path.join(args.dir, f)))) {
    console.error(`esign drift: no Pulumi.yaml in ${args.dir}`);
    return 1;
  }
  try {
    const workspace = await LocalWorkspace.create({ workDir: args.dir });
    const stackName = args.stack ?? (await workspace.stack())?.name;
    if (!stackName) throw new Error(`no stack selected in ${args.dir}: pass --stack NAME`);
    const stack = await LocalWorkspace.selectStack({ stackName, workDir: args.dir });
    const config = await stack.getAllConfig();
    const setting = (key: string) => config[`esign:${key}`]?.value;
    // Read before the preview, so a bad ignore file fails fast.
    const ignore = ignoreFor(args.dir, args.ignoreFile, setting("accountFile"));
    const previewed = await previewDrift(stack);
    const apiKey = setting("apiKey") ?? process.env.ESIGN_API_KEY;
    if (!apiKey) throw new Error("no API key to list the account's objects: the stack's esign:apiKey or ESIGN_API_KEY");
    const client = new EsignClient({ apiKey, baseUrl: setting("baseUrl") ?? process.env.ESIGN_BASE_URL });
    const unmanaged = await unmanagedObjects(client, managedOf(previewed.resources), ignore, previewed.removals);
    process.stdout.write(formatDrift(stackName, previewed.entries, args.format, unmanaged));
    return driftExitCode(previewed.entries, unmanaged);
  } catch (e) {
    console.error(`esign drift: ${reason(e)}`);
    return 1;
  }
}
