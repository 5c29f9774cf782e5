/**
 * `esign drift [DIR] [--stack NAME] [--format text|markdown|json] [--ignore-file FILE]`
 *
 * A refresh preview (running the program: the current config's key and URL) of a stack of the Pulumi project in DIR (default: the current directory;
 * default stack: the selected one), reported as what differs between git and the service, then
 * the objects of the account that no resource of the stack manages (drift-unmanaged.ts).
 * Exit codes: exit-codes.ts (0 clean, 2 drift, 3 unmanaged objects only, 1 error). Needs the pulumi CLI on PATH and the stack's backend
 * and secrets settings (PULUMI_BACKEND_URL, PULUMI_CONFIG_PASSPHRASE...) in the environment.
 */
import { LocalWorkspace } from "@pulumi/pulumi/automation";
import { CommandError } from "./command";
import { commandClient, commandSettings } from "./command-client";
import { DriftFormat, driftExitCode, formatDrift } from "./drift-format";
import { findingsExit } from "./exit-codes";
import { onPath } from "./on-path";
import type { Ui } from "./ui";
import { previewDrift } from "./drift-report";
import { ignoreFor } from "./drift-ignore";
import { managedOf, unmanagedObjects } from "./drift-unmanaged";
import { withRedactedEmails } from "./drift-redact";
import { withPendingOperations } from "./recover-drift";
import { engineErrors } from "../pulumi-state/cli";
import { parseExport, pendingOperations } from "../pulumi-state/export";
import { projectFile } from "../pulumi-state/stack";
import { POINTS_TO_FULL } from "../deployment/errors";

export interface DriftOptions {
  /** The Pulumi project's directory (absolute). */
  dir: string;
  stack?: string;
  format: DriftFormat;
  /** A YAML file whose `ignore` map names objects meant to stay unmanaged (drift-ignore.ts). */
  ignoreFile?: string;
  /** Cut the addresses of the unmanaged section to `z…@domain` (drift-redact.ts): for public repositories. */
  redactEmails?: boolean;
}

/** The output of the command an Automation API error carries (its `commandResult`, which the class keeps private). */
function commandOutput(e: unknown): string {
  const result: unknown = e && typeof e === "object" && "commandResult" in e ? e.commandResult : undefined;
  const field = (key: "stderr" | "stdout") => (result && typeof result === "object" && key in result ? String(Reflect.get(result, key) ?? "") : "");
  return `${field("stderr")}\n${field("stdout")}`;
}

/**
 * One line for a failure: the engine's own "error: ..." lines when the CLI failed (a provider's
 * one-line error, e.g. a refused key), never the Automation API's dump of the whole command.
 */
export function reason(e: unknown): string {
  const unique = engineErrors(commandOutput(e));
  // A key refusal is given in full once and pointed to by the other resources (D62): the full one says it all.
  const full = unique.filter((l) => !l.includes(POINTS_TO_FULL));
  if (full.length) return full.join("; ");
  if (unique.length) return unique.join("; ");
  const message = e instanceof Error ? e.message : String(e);
  return message.split("\n").find((l) => l.trim()) ?? message;
}

/** Runs the command (options parsed by commands/drift.ts); resolves to the exit code. */
export async function drift(args: DriftOptions, ui: Ui): Promise<number> {
  if (!projectFile(args.dir)) throw new CommandError(`no Pulumi.yaml in ${args.dir}`);
  // Said here: the Automation API's own error for a missing CLI is "code: -2".
  if (!onPath("pulumi", ui.io.env)) throw new CommandError("the pulumi CLI is not on PATH (drift runs `pulumi preview --refresh` with it): install it, https://www.pulumi.com/docs/install/");
  try {
    const workspace = await LocalWorkspace.create({ workDir: args.dir });
    const stackName = args.stack ?? (await workspace.stack())?.name;
    if (!stackName) throw new CommandError(`no stack selected in ${args.dir}: pass --stack NAME`);
    const stack = await LocalWorkspace.selectStack({ stackName, workDir: args.dir });
    const config = await stack.getAllConfig();
    const setting = (key: string) => config[`esign:${key}`]?.value;
    // Read before the preview, so a bad ignore file fails fast.
    const ignore = ignoreFor(args.dir, args.ignoreFile, setting("accountFile"));
    const progress = ui.progress(`refreshing stack ${stackName} (pulumi preview --refresh --run-program)`).counting("engine events");
    const previewed = await progress.around(`refreshed stack ${stackName}`, () => previewDrift(stack, () => progress.tick()));
    const settings = commandSettings({ get: (key) => config[key]?.value, env: ui.io.env });
    const client = await commandClient(settings, new CommandError("no API key to list the account's objects: the stack's esign:apiKey or ESIGN_API_KEY"));
    const found = await unmanagedObjects(client, managedOf(previewed.resources), ignore, previewed.removals);
    const unmanaged = args.redactEmails ? withRedactedEmails(found) : found;
    const exported = parseExport(await stack.exportStack());
    ui.print(withPendingOperations(formatDrift(stackName, previewed.entries, args.format, ui.out, unmanaged), stackName, args.format, exported));
    // Pending creates are a difference between state and service too (an object may be unrecorded).
    const code = driftExitCode(previewed.entries, unmanaged);
    return pendingOperations(exported).length > 0 ? findingsExit({ drift: true, unmanaged: unmanaged.length > 0 }) : code;
  } catch (e) {
    if (e instanceof CommandError) throw e;
    throw new CommandError(reason(e));
  }
}
