/**
 * A file backend's lock files (`<root>/.pulumi/locks/organization/<project>/<stack>/*.json`, or
 * `<root>/.pulumi/locks/<stack>/` for a project-less backend: pkg/backend/diy/lock.go), read in
 * one place: by the provider process to learn which stack the CLI that launched it is updating
 * (checkpoint.ts), and by `esign recover` to judge a lock (cli/recover-lock.ts).
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { errnoCode } from "../core/files";
import { procStatFields } from "../core/proc-stat";
import { fileRoot } from "./backend";

/** What the CLI writes in a lock file; a file being written (or unreadable) names nothing but itself. */
export interface LockFile {
  file: string;
  pid?: number;
  hostname?: string;
  username?: string;
  timestamp?: string;
}

export interface StackLock extends LockFile {
  /** The locking process still runs on this machine: an update is under way, not cut off. */
  alive: boolean;
  /** The lock names a process of this machine that is gone: a cut-off run's. Neither alive nor dead: another machine's, not judged. */
  dead: boolean;
}

const text = (v: unknown) => (typeof v === "string" ? v : undefined);

/** The lock files in `dir` (none when it does not exist). */
export function lockFiles(dir: string): LockFile[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((f) => f.endsWith(".json"));
  } catch {
    return [];
  }
  return names.map((name) => {
    const file = path.join(dir, name);
    try {
      const c: unknown = JSON.parse(fs.readFileSync(file, "utf8"));
      const o: Partial<Record<string, unknown>> = c && typeof c === "object" ? c : {};
      const pid = typeof o.pid === "number" ? o.pid : undefined;
      return { file, pid, hostname: text(o.hostname), username: text(o.username), timestamp: text(o.timestamp) };
    } catch {
      return { file }; // still a lock
    }
  });
}

/** The pid a lock names when it is a process of this machine. */
export const localPid = (l: LockFile) => (l.hostname === os.hostname() && typeof l.pid === "number" ? l.pid : undefined);

/** The project's stacks that have a lock directory. */
export function lockedStacks(root: string, project: string): string[] {
  try {
    return fs.readdirSync(path.join(root, ".pulumi", "locks", "organization", project));
  } catch {
    return [];
  }
}

/** A zombie (killed, not yet reaped: an init that reaps late, as in some containers) runs no update; without /proc, kill(pid, 0) alone decides. */
const zombie = (pid: number) => procStatFields(pid)?.[0] === "Z";

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !zombie(pid);
  } catch (e) {
    return errnoCode(e) === "EPERM";
  }
}

/** The locks of a stack on the file backend at `root`, each judged alive, dead or neither. */
export function stackLocks(root: string, project: string, stack: string): StackLock[] {
  const base = path.join(root, ".pulumi", "locks");
  return [path.join(base, "organization", project, stack), path.join(base, stack)].flatMap(lockFiles).map((l) => {
    const ours = localPid(l);
    const alive = ours !== undefined && running(ours);
    return { ...l, alive, dead: ours !== undefined && !alive };
  });
}

/** The locks of a stack on the backend at `backendUrl`; undefined for a backend other than a file one, whose locks cannot be seen. */
export function backendLocks(backendUrl: string, project: string, stack: string): StackLock[] | undefined {
  const root = fileRoot(backendUrl);
  return root === undefined ? undefined : stackLocks(root, project, stack);
}

/** The stack's dir of locks, for the provider process (checkpoint.ts): only the project's. */
export const stackLockDir = (root: string, project: string, stack: string) => path.join(root, ".pulumi", "locks", "organization", project, stack);

export function describeLock(l: LockFile): string {
  return `${l.username ?? "?"}@${l.hostname ?? "?"} (pid ${l.pid ?? "?"}) at ${l.timestamp ?? "?"}`;
}
