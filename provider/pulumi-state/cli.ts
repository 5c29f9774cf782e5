/**
 * The pulumi CLI as `esign recover` uses it: the project's own `pulumi` on PATH, run in the
 * project directory with the caller's environment (backend URL, passphrase, ESIGN_*), and the
 * file backend's lock files, which a cut-off run leaves behind.
 */
import { execFile } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { fileURLToPath } from "url";
import { procStatFields } from "../core/proc-stat";

export interface PulumiResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function pulumi(dir: string, args: string[]): Promise<PulumiResult> {
  return new Promise((resolve) => {
    execFile("pulumi", args, { cwd: dir, env: process.env, maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

/** The engine's `error:` lines of a failed command, or its last line. */
export function engineError(r: PulumiResult): string {
  const lines = `${r.stderr}\n${r.stdout}`.split("\n").map((l) => l.trim());
  const errors = [...new Set(lines.filter((l) => l.startsWith("error: ")).map((l) => l.slice(7)))].filter((l) => !/^(update|refresh) failed$/i.test(l));
  return errors.join("; ") || lines.filter(Boolean).pop() || `exit ${r.code}`;
}

/** Runs a command that must succeed; its output (stdout). */
export async function mustPulumi(dir: string, args: string[], what: string): Promise<string> {
  const r = await pulumi(dir, args);
  if (r.code !== 0) throw new Error(`${what} failed: ${engineError(r)}`);
  return r.stdout;
}

export interface StackLock {
  file: string;
  pid?: number;
  hostname?: string;
  username?: string;
  timestamp?: string;
  /** The locking process still runs on this machine: an update is under way, not cut off. */
  alive: boolean;
  /** The lock names a process of this machine that is gone: a cut-off run's. Neither alive nor dead: another machine's, not judged. */
  dead: boolean;
}

/** A zombie (killed, not yet reaped: an init that reaps late, as in some containers) runs no update; without /proc, kill(pid, 0) alone decides. */
const zombie = (pid: number) => procStatFields(pid)?.[0] === "Z";

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !zombie(pid);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * The locks of a stack on a file backend (`<root>/.pulumi/locks/<org>/<project>/<stack>/*.json`,
 * pkg/backend/diy/lock.go); undefined for other backends, whose locks this cannot see.
 */
export function fileBackendLocks(backendUrl: string, project: string, stack: string): StackLock[] | undefined {
  if (!backendUrl.startsWith("file://")) return undefined;
  const root = backendUrl === "file://~" ? os.homedir() : fileURLToPath(backendUrl.replace(/^file:\/\/~(?=\/)/, `file://${os.homedir()}`));
  const base = path.join(root, ".pulumi", "locks");
  const dirs = [path.join(base, "organization", project, stack), path.join(base, stack)];
  const out: StackLock[] = [];
  for (const dir of dirs) {
    let files: string[];
    try {
      files = fs.readdirSync(dir).filter((f) => f.endsWith(".json"));
    } catch {
      continue;
    }
    for (const f of files) {
      const file = path.join(dir, f);
      let content: { pid?: number; hostname?: string; username?: string; timestamp?: string } = {};
      try {
        content = JSON.parse(fs.readFileSync(file, "utf8"));
      } catch {
        // unreadable: still a lock
      }
      const ourPid = content.hostname === os.hostname() && typeof content.pid === "number" ? content.pid : undefined;
      const alive = ourPid !== undefined && running(ourPid);
      out.push({ file, ...content, alive, dead: ourPid !== undefined && !alive });
    }
  }
  return out;
}

export function describeLock(l: StackLock): string {
  return `${l.username ?? "?"}@${l.hostname ?? "?"} (pid ${l.pid ?? "?"}) at ${l.timestamp ?? "?"}`;
}
