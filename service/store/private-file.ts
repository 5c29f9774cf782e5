/**
 * @module service/store/private-file
 * How the data file and its companions (lock, snapshot temp, torn-record copy) are opened
 * (D142): created 0600 (the journal holds every account's keys and documents' metadata),
 * temp names with 16 random hex digits rather than a predictable suffix, and never through
 * a symbolic link (O_NOFOLLOW on the final component, O_EXCL for every file created), so
 * another local user cannot plant a link that makes the service write or read elsewhere.
 */
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";

const { O_APPEND, O_CREAT, O_EXCL, O_RDONLY, O_WRONLY } = fs.constants;
/** Windows has no O_NOFOLLOW (and no symbolic links an unprivileged user can plant). */
const O_NOFOLLOW = fs.constants.O_NOFOLLOW ?? 0;
export const PRIVATE_MODE = 0o600;

/** Opens an existing file (or creates it, when appending) without following a link; makes it 0600. */
export function openPrivate(file: string, how: "append" | "read"): number {
  try {
    const fd = how === "read" ? fs.openSync(file, O_RDONLY | O_NOFOLLOW) : fs.openSync(file, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW, PRIVATE_MODE);
    if (how === "append") fs.fchmodSync(fd, PRIVATE_MODE); // a file from before 0600 was the rule
    return fd;
  } catch (e) {
    throw linkRefusal(file, e);
  }
}

/** Creates `file` exclusively (never over an existing file or link), 0600. */
export function createPrivate(file: string): number {
  try {
    return fs.openSync(file, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, PRIVATE_MODE);
  } catch (e) {
    throw linkRefusal(file, e);
  }
}

/** A new 0600 file beside `file` with an unpredictable name; the caller renames or removes it. */
export function createPrivateTemp(file: string): { path: string; fd: number } {
  const tmp = `${file}.${randomBytes(8).toString("hex")}.tmp`;
  return { path: tmp, fd: createPrivate(tmp) };
}

/** Writes `data` to a new 0600 file (exclusive create). */
export function writePrivate(file: string, data: Buffer | string): void {
  const fd = createPrivate(file);
  try {
    fs.writeFileSync(fd, data);
  } finally {
    fs.closeSync(fd);
  }
}

/** Copies `from` (not through a link) to a new 0600 `to`, replacing a file (never a link's target) there. */
export function copyPrivate(from: string, to: string): void {
  fs.rmSync(to, { force: true }); // unlink: removes a link itself, not what it points at
  const fd = openPrivate(from, "read");
  try {
    writePrivate(to, fs.readFileSync(fd));
  } finally {
    fs.closeSync(fd);
  }
}

/** Whether a file exists, without following a link at its name (a link counts: it is then refused on open). */
export function existsNoFollow(file: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(file);
  } catch {
    return undefined;
  }
}

function linkRefusal(file: string, e: unknown): unknown {
  const code = (e as NodeJS.ErrnoException).code;
  // O_NOFOLLOW on a link fails with ELOOP (Linux) or EMLINK (some BSDs).
  if (code === "ELOOP" || code === "EMLINK") return new Error(`${file} is a symbolic link; the local service opens its data files only as regular files`);
  return e;
}
