/**
 * What `esign recover` does about the stack's lock (DECISIONS D132): it acts only on what it saw.
 *
 * - A file backend shows its locks (pulumi-state/locks.ts `stackLocks`). A lock whose process
 *   runs on this machine is a running update: refused, always. A lock of this machine whose
 *   process is gone was left by a cut-off run: `--unlock` removes exactly that file. A lock of
 *   another machine (or one naming no process) cannot be judged from here: only `--cancel-update
 *   STACK` removes it, the user having named the stack whose update they end.
 * - Other backends (Pulumi Cloud, S3, GCS, Azure Blob) show no lock to recover. `pulumi cancel`
 *   there cancels a running update or deletes a live lock, so it runs only with `--cancel-update
 *   STACK`; `--unlock` alone says so and changes nothing about the lock.
 *
 * A pure function of what was seen and asked, so every case is tested without a backend.
 */
import { describeLock, type StackLock } from "../pulumi-state/locks";

/** What recover saw of the stack's lock: a file backend's lock files, or a backend it cannot look into. */
export type LockView = { seen: true; locks: StackLock[] } | { seen: false; backend: string };

export interface LockAsk {
  /** The stack recover works on (as given, or the selected one). */
  stack: string;
  /** `--unlock`: remove a lock it saw and judged to be a cut-off run's. */
  unlock: boolean;
  /** `--cancel-update STACK`: end whatever holds the stack's lock (`pulumi cancel`); names the stack. */
  cancelUpdate?: string;
}

export interface LockPlan {
  /** One line: why nothing is done (exit 1), before anything is read or changed. */
  refuse?: string;
  /** Lock files to remove (a file backend), once the command is going to change the stack. */
  remove: StackLock[];
  /** Run `pulumi cancel --yes --stack STACK` (a backend whose lock cannot be seen, named by the user). */
  cancel: boolean;
  /** A line for the output when `--unlock` was asked and nothing could be seen to unlock. */
  note?: string;
}

/** `--cancel-update` names the stack by its name or its fully qualified name (org/project/stack). */
export function namesStack(named: string, stack: string): boolean {
  const last = (s: string) => s.split("/").pop();
  return named === stack || (!named.includes("/") && named === last(stack)) || (!stack.includes("/") && last(named) === stack);
}

/** The scheme of a backend URL (`s3://`, `https://`): enough to say which kind, nothing of its address. */
function backendKind(url: string): string {
  const m = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url);
  return m ? `${m[1]}://` : "unknown";
}

export function lockPlan(view: LockView, ask: LockAsk): LockPlan {
  const { stack } = ask;
  const none: LockPlan = { remove: [], cancel: false };
  if (ask.cancelUpdate !== undefined && !namesStack(ask.cancelUpdate, stack)) {
    return { ...none, refuse: `--cancel-update names stack ${ask.cancelUpdate}, not ${stack} (the stack recover works on); nothing was done` };
  }
  const cancelNamed = ask.cancelUpdate !== undefined;
  if (!view.seen) {
    if (cancelNamed) return { ...none, cancel: true };
    if (!ask.unlock) return none;
    return {
      ...none,
      note: `stack ${stack}: its backend (${backendKind(view.backend)}) does not show its lock to recover, so nothing was unlocked; if a cut-off run left it locked and no update runs, \`esign recover --cancel-update ${stack}\` runs \`pulumi cancel\``,
    };
  }
  const live = view.locks.filter((l) => l.alive);
  if (live.length) return { ...none, refuse: `stack ${stack} is locked by a running update (${live.map(describeLock).join("; ")}); wait for it to end` };
  const unjudged = view.locks.filter((l) => !l.dead);
  if (unjudged.length && !cancelNamed) {
    return {
      ...none,
      refuse: `stack ${stack} is locked by ${unjudged.map(describeLock).join("; ")}, a process recover cannot see from this machine; if no update runs there, run again with --cancel-update ${stack}`,
    };
  }
  if (view.locks.length && !ask.unlock && !cancelNamed) {
    return { ...none, refuse: `stack ${stack} is locked by a run that was cut off (${view.locks.map(describeLock).join("; ")}); run again with --unlock to remove the lock` };
  }
  return { ...none, remove: view.locks };
}
