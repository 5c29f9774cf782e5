/**
 * `esign drift [DIR] [--stack NAME] [--format text|markdown|json]`
 *
 * A refresh preview of a stack of the Pulumi project in DIR (default: the current directory;
 * default stack: the selected one), reported as what differs between git and the service.
 * Exit 0: no drift; 2: drift; 1: error. Needs the pulumi CLI on PATH and the stack's backend
 * and secrets settings (PULUMI_BACKEND_URL, PULUMI_CONFIG_PASSPHRASE...) in the environment.
 */
import * as path from "path";
import { LocalWorkspace } from "@pulumi/pulumi/automation";
import { DRIFT_FORMATS, DRIFT_USAGE, DriftFormat, formatDrift } from "./drift-format";
import { driftOf } from "./drift-report";


interface DriftArgs {
  dir: string;
  stack?: string;
  format: DriftFormat;
}

function parseArgs(argv: string[]): DriftArgs {
  const out: DriftArgs = { dir: process.cwd(), format: "text" };
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const m = /^--(stack|format)(?:=(.*))?$/.exec(argv[i]);
    if (!m) {
      if (argv[i].startsWith("-")) throw new Error(`unknown option ${argv[i]}`);
      positional.push(argv[i]);
      continue;
    }
    const value = m[2] ?? argv[++i];
    if (!value) throw new Error(`--${m[1]} needs a value`);
    if (m[1] === "stack") out.stack = value;
    else if ((DRIFT_FORMATS as string[]).includes(value)) out.format = value as DriftFormat;
    else throw new Error(`--format must be one of ${DRIFT_FORMATS.join(", ")}, not "${value}"`);
  }
  if (positional.length > 1) throw new Error(`one project directory expected, got ${positional.join(" ")}`);
  if (positional[0]) out.dir = path.resolve(positional[0]);
  return out;
}

/** The engine's own "error: ..." lines when the CLI failed, else the error's message. */
function reason(e: unknown): string {
  const stderr: string = (e as { commandResult?: { stderr?: string } })?.commandResult?.stderr ?? "";
  const lines = stderr.split("\n").filter((l) => l.startsWith("error: ")).map((l) => l.slice("error: ".length));
  return lines.length ? [...new Set(lines)].join("; ") : e instanceof Error ? e.message : String(e);
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
  try {
    const workspace = await LocalWorkspace.create({ workDir: args.dir });
    const stackName = args.stack ?? (await workspace.stack())?.name;
    if (!stackName) throw new Error(`no stack selected in ${args.dir}: pass --stack NAME`);
    const stack = await LocalWorkspace.selectStack({ stackName, workDir: args.dir });
    const entries = await driftOf(stack);
    process.stdout.write(formatDrift(stackName, entries, args.format));
    return entries.length > 0 ? 2 : 0;
  } catch (e) {
    console.error(`esign drift: ${reason(e)}`);
    return 1;
  }
}
