/**
 * @module service/store/lock
 * One service per data file: `<data>.lock` is created exclusively (O_EXCL) and holds
 * `{pid, started_at, url}`. A second service on the same file refuses to start and names the
 * holder; a lock whose process is gone (kill -9, a crash) is taken over. No native
 * dependencies: an exclusive create is atomic on every local file system.
 *
 * The lock also tells others where the holder answers (`url`, written once it listens):
 * scripts/local uses a running service instead of starting a second one.
 */
import * as fs from "node:fs";
import { createPrivate, createPrivateTemp } from "./private-file";

export interface LockInfo {
  pid: number;
  started_at: string;
  url?: string;
}

export class DataFileLocked extends Error {
  override readonly name = "DataFileLocked";
  constructor(
    readonly file: string,
    readonly holder: LockInfo,
  ) {
    super(
      `${file} is in use by another local service (pid ${holder.pid}${holder.url ? `, ${holder.url}` : ""}, since ${holder.started_at}); ` + `stop it or use another --data file (lock: ${file}.lock)`,
    );
  }
}

export class DataLock {
  private released = false;

  private constructor(
    readonly path: string,
    private info: LockInfo,
  ) {}

  /** Takes the lock of `dataFile` or throws DataFileLocked. */
  static acquire(dataFile: string): DataLock {
    const lockPath = `${dataFile}.lock`;
    const info: LockInfo = { pid: process.pid, started_at: new Date().toISOString() };
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const fd = createPrivate(lockPath);
        fs.writeSync(fd, JSON.stringify(info) + "\n");
        fs.fsyncSync(fd);
        fs.closeSync(fd);
        return new DataLock(lockPath, info);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      }
      const holder = readLock(lockPath);
      if (holder && isAlive(holder.pid)) throw new DataFileLocked(dataFile, holder);
      // Stale (its process is gone) or unreadable (a crash while writing it): take it over.
      // Unlinking only the file we read keeps two services starting at once from both winning:
      // the loser's unlink fails or its exclusive create does.
      try {
        fs.unlinkSync(lockPath);
      } catch {
        // Someone else took it over first; try again.
      }
    }
    const holder = readLock(lockPath);
    throw new DataFileLocked(dataFile, holder ?? { pid: -1, started_at: "unknown" });
  }

  /** Records where the holder answers, for scripts that look for a running service. */
  publish(url: string): void {
    if (this.released) return;
    this.info = { ...this.info, url };
    const { path: tmp, fd } = createPrivateTemp(this.path);
    try {
      fs.writeFileSync(fd, JSON.stringify(this.info) + "\n");
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, this.path);
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    // Only remove a lock that is still ours.
    if (readLock(this.path)?.pid === process.pid) fs.rmSync(this.path, { force: true });
  }
}

export function readLock(lockPath: string): LockInfo | undefined {
  try {
    const v = JSON.parse(fs.readFileSync(lockPath, "utf8")) as LockInfo;
    return Number.isInteger(v.pid) ? v : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a process with this pid exists and (on Linux) is a node process, not a reused pid. */
export function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  try {
    return /node|esign/i.test(fs.readFileSync(`/proc/${pid}/cmdline`, "latin1"));
  } catch {
    return true; // no /proc (macOS): the pid exists, assume it is the holder
  }
}
