/**
 * `esign recover [DIR] [--stack NAME] [--dry-run] [--unlock] [--cancel-update STACK] [--no-run-program]`
 *
 * After a run cut off mid-way (a cancelled CI job, `kill`): settles the stack's pending creates.
 * Run where the program runs (the stack's backend and passphrase, the same key: stack config
 * `esign:apiKey` or ESIGN_API_KEY; an explicit native provider's own recorded key for its
 * resources, recover-context.ts). Any program: dynamic, native (YAML, SDKs; inline ones with
 * --no-run-program), the account file. For each pending create of an esign resource it finds
 * the object the create made (made/settle.ts) and records it in the state, or drops
 * the pending create when it made nothing, printing one line per resource:
 *
 *   recorded  ApiApp "portal": API app "Portal" (client id ...)
 *   cleared   FaxLine "line": the create made nothing
 *   cleared   TeamMember "member:carol": the next up takes the person over in place
 *   ambiguous ApiApp "portal": 2 candidates: ... ; nothing changed
 *
 * The state is edited with the engine's own commands: `pulumi stack export`, the edit, `pulumi
 * stack import`, then `pulumi refresh --run-program --target` of the recorded resources, so each
 * is read by its provider (DECISIONS D95). The import happens only while the checkpoint is the one
 * read (pulumi-state/import.ts), and a lock is removed only when seen and judged a cut-off run's, or
 * named with --cancel-update (recover-lock.ts, D132). Exit 0: settled (or nothing pending); 4: a
 * create could not be told apart (two candidates), nothing changed; 1: failure (a locked stack
 * without --unlock, or a stack that changed in between, included); 64: usage.
 */
import * as fs from "fs";
import { decide, type Decision } from "../made/settle";
import { engineError, mustPulumi, pulumi } from "../pulumi-state/cli";
import { settle } from "../pulumi-state/edit";
import { pendingCreates, pendingOperations } from "../pulumi-state/export";
import { backendLocks, describeLock } from "../pulumi-state/locks";
import { backendUrl, exportStack, lastUpdateEnd, projectName } from "../pulumi-state/stack";
import { esignKind, urnName } from "../pulumi-state/type-token";
import { EXIT } from "./exit-codes";
import { RecoverContexts } from "./recover-context";
import { importUnlessChanged } from "../pulumi-state/import";
import { lockPlan } from "./recover-lock";

export interface RecoverOptions {
  dir: string;
  stack?: string;
  dryRun: boolean;
  unlock: boolean;
  /** `--cancel-update STACK`: run `pulumi cancel` on the named stack (a lock recover cannot see or judge). */
  cancelUpdate?: string;
  /**
   * The CLI cannot run the program (an Automation API inline program): the recorded objects are
   * read with the providers' settings recorded in the state instead of the program's (D112).
   */
  noRunProgram?: boolean;
  /** A line of the result (stdout). */
  out: (line: string) => void;
  /** The one-line error (stderr; the command's label is added by the caller). */
  err: (line: string) => void;
}

const pad = (word: string) => word.padEnd(9);

function line(o: Decision, dryRun: boolean): string {
  const what = `${o.kind} "${o.name}"`;
  if (!o.settlement) return `${pad("ambiguous")} ${what}: ${o.why}; nothing changed`;
  const verb = o.settlement.action === "record" ? "recorded" : "cleared";
  return `${dryRun ? `would be ${verb}` : pad(verb)} ${what}: ${o.why}`;
}

/** Runs the command; resolves to its exit code. */
export async function recover(opts: RecoverOptions): Promise<number> {
  const { out, err } = opts;
  const project = projectName(opts.dir);
  if (!project) {
    err(`no Pulumi.yaml in ${opts.dir}`);
    return EXIT.FAILURE;
  }
  const stack = opts.stack ?? (await mustPulumi(opts.dir, ["stack", "--show-name"], "pulumi stack")).trim();

  // A cut-off run leaves its lock on a file backend; every later command then stops on it.
  // Only a lock recover saw and judged a cut-off run's is removed; other backends' only when named (D132).
  const backend = await backendUrl(opts.dir);
  const locksNow = () => backendLocks(backend, project, stack);
  const seen = locksNow();
  const plan = lockPlan(seen ? { seen: true, locks: seen } : { seen: false, backend }, { stack, unlock: opts.unlock, cancelUpdate: opts.cancelUpdate });
  if (plan.refuse) {
    err(plan.refuse);
    return EXIT.FAILURE;
  }
  if (plan.note) out(plan.note);
  /** Removes the stale lock once the command is going to change the stack (never before a refusal or in a dry run). */
  const unlock = async () => {
    if (opts.dryRun) {
      if (plan.remove.length) out(`would unlock stack ${stack}: lock of ${plan.remove.map(describeLock).join("; ")}`);
      if (plan.cancel) out(`would run pulumi cancel on stack ${stack}`);
      return;
    }
    if (plan.cancel) {
      await mustPulumi(opts.dir, ["cancel", "--yes", "--stack", stack], "pulumi cancel");
      out(`cancelled the update of stack ${stack} (pulumi cancel)`);
    }
    if (plan.remove.length) {
      // Exactly the files seen and judged (`pulumi cancel` would remove any lock there, one made since included).
      for (const l of plan.remove) fs.rmSync(l.file, { force: true });
      out(`unlocked stack ${stack}: removed the lock of ${plan.remove.map(describeLock).join("; ")}`);
    }
  };

  const { text: read, exported } = await exportStack(opts.dir, stack);
  const { exported: plain } = await exportStack(opts.dir, stack, true);
  const creates = pendingCreates(exported);
  const others = pendingOperations(exported).filter((op) => op.type !== "creating" || esignKind(op.resource.type) === undefined);
  if (creates.length === 0) {
    await unlock();
    out(`stack ${stack}: no pending creates of esign resources${others.length ? `; ${others.length} other pending operation(s): \`pulumi refresh --run-program\` clears them` : ""}`);
    return EXIT.OK;
  }

  const contexts = new RecoverContexts(opts.dir, stack, plain);
  const since = await lastUpdateEnd(opts.dir, stack);
  const decisions: Decision[] = [];
  for (const op of creates) decisions.push(await decide((o) => contexts.for(o), plain, op, since));

  const ambiguous = decisions.some((o) => !o.settlement);
  for (const o of decisions) out(line(o, opts.dryRun || ambiguous));
  if (others.length) out(`${others.length} other pending operation(s) (${others.map((o) => `${o.type} ${urnName(o.resource.urn)}`).join(", ")}): \`pulumi refresh --run-program\` clears them`);
  if (ambiguous) {
    err("a pending create matches several objects; delete the extra one (or adopt the right one: clientId, templateId, number) and run again. Nothing was changed.");
    return EXIT.AMBIGUOUS;
  }
  await unlock();
  if (opts.dryRun) return EXIT.OK;

  const settlements = decisions.flatMap((o) => (o.settlement ? [o.settlement] : [])); // every one: none is ambiguous
  const edited = settle(exported, settlements);
  const refused = await importUnlessChanged({ dir: opts.dir, stack, read, edited, locksNow });
  if (refused) {
    err(refused);
    return EXIT.FAILURE;
  }
  const recorded = settlements.filter((s) => s.action === "record").map((s) => s.op.resource.urn);
  if (recorded.length) {
    // The provider reads each recorded object: its outputs (ids, the account pin) as a create would have written them.
    const targets = recorded.flatMap((urn) => ["--target", urn]);
    const runProgram = opts.noRunProgram ? [] : ["--run-program"];
    const r = await pulumi(opts.dir, ["refresh", "--yes", "--skip-preview", ...runProgram, "--stack", stack, ...targets]);
    if (r.code !== 0) {
      err(
        `the objects are recorded, but reading them failed: ${engineError(r)}; \`pulumi up --refresh\` reads them again (\`pulumi refresh\` where the CLI cannot run the program: an Automation API inline one)`,
      );
      return EXIT.FAILURE;
    }
  }
  return EXIT.OK;
}
