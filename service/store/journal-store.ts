/**
 * @module service/store/journal-store
 * Durable store for --data <file>: an append-only journal (format in journal-format.ts), one
 * checksummed line per commit, written and fsync'd before the response that acknowledges it
 * is sent. A change to an existing record is journalled as a delta (patch.ts), so adding a
 * member to a team of n writes one member, not n. Every `compactEvery` commits the state is
 * written as a snapshot into a temp file, fsync'd, renamed over the journal and the directory
 * fsync'd, so a crash leaves either the old or the new file, never a mix.
 *
 * Loading reads the file in chunks, one line at a time, so its size is bounded by the disk,
 * not by the longest JavaScript string. What a crash can do is cut the last line short (no
 * newline): that record was never acknowledged; it is dropped with a message (its bytes are
 * kept beside the journal) and the file is cut back to the last complete line. Any other
 * damage (a checksum mismatch, an unknown op, a snapshot without its end) stops the start,
 * naming the file and line, and leaves the file exactly as it is.
 *
 * Format 1 files (lines of `{"ops":[...]}` / `{"snapshot":{...}}` without checksums, written
 * before format 2) are read with the same strictness, copied to `<file>.v1.bak` and rewritten
 * as a format 2 snapshot.
 *
 * Why a JSON-lines file and not SQLite: no native dependencies are allowed, and an
 * append + fsync per acknowledged write is the simplest thing that is provably durable.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { checkRecord, decodeRecord, encodeRecord, FORMAT_LINE, type JournalOp, type JournalRecord } from "./journal-format";
import type { DataLock } from "./lock";
import { copyPrivate, createPrivateTemp, existsNoFollow, openPrivate, writePrivate } from "./private-file";
import { MemoryStore, applyMutation } from "./memory-store";
import { applyDelta, diff, forbiddenDeltaKey } from "./patch";
import type { Mutation } from "./types";

/** Damage that is not a torn last line: the start stops and the file stays untouched. */
export class JournalDamaged extends Error {
  override readonly name = "JournalDamaged";
  constructor(
    readonly file: string,
    readonly line: number,
    reason: string,
  ) {
    super(`${file}:${line}: corrupt journal line ${line}: ${reason}. The file was left as it is; ` + `restore it from a backup, or move it aside to start empty.`);
  }
}

const CHUNK_BYTES = 1024 * 1024;

export class JournalStore extends MemoryStore {
  private fd: number;
  private pending: JournalOp[] = [];
  private linesSinceSnapshot = 0;

  constructor(
    private readonly file: string,
    private readonly compactEvery = 1000,
    readonly lock?: DataLock,
  ) {
    super();
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
    const format = this.replay();
    if (format === 1) {
      copyPrivate(file, `${file}.v1.bak`);
      console.error(`[esign-service] ${file}: converted the journal to format 2 (the old file is kept as ${file}.v1.bak)`);
    }
    // A new file starts as an empty snapshot, written like every snapshot (temp, fsync, rename).
    if (format === "new") this.writeSnapshot();
    this.fd = openPrivate(file, "append");
    if (format === 1 || this.linesSinceSnapshot >= compactEvery) this.compact();
  }

  /** Loads the file into memory; returns its format ("new" when there is no file or it is empty). */
  private replay(): 1 | 2 | "new" {
    const stat = existsNoFollow(this.file);
    if (stat?.isSymbolicLink()) openPrivate(this.file, "read"); // throws the refusal that names the link
    if (!stat || stat.size === 0) return "new";
    let format: 1 | 2 | undefined;
    let inSnapshot = false;
    let snapshotRows = 0;
    let lineNo = 0;
    let lastGoodEnd = 0;
    const torn = forEachLine(this.file, (line, end) => {
      lineNo++;
      if (format === undefined) {
        format = line.toString("utf8") === FORMAT_LINE ? 2 : 1;
        if (format === 2) {
          lastGoodEnd = end;
          return;
        }
      }
      const record = format === 2 ? decodeRecord(line) : decodeFormat1(line);
      if (typeof record === "string") throw new JournalDamaged(this.file, lineNo, record);
      if ("row" in record) {
        if (!inSnapshot) this.tables.clear();
        inSnapshot = true;
        snapshotRows++;
        const [table, id, value] = record.row;
        applyMutation(this.tables, { op: "put", table, id, value });
      } else if ("snapshot_end" in record) {
        if (record.snapshot_end !== snapshotRows) throw new JournalDamaged(this.file, lineNo, `snapshot of ${record.snapshot_end} rows has ${snapshotRows}`);
        inSnapshot = false;
        snapshotRows = 0;
        this.linesSinceSnapshot = 0;
      } else {
        if (inSnapshot) throw new JournalDamaged(this.file, lineNo, "a commit inside an unfinished snapshot");
        this.replayOps(record.ops, lineNo);
        this.linesSinceSnapshot++;
      }
      lastGoodEnd = end;
    });
    if (inSnapshot) throw new JournalDamaged(this.file, lineNo + (torn ? 1 : 0), "the snapshot ends early (the file was cut)");
    if (torn) {
      if (format === undefined) throw new JournalDamaged(this.file, 1, "the file has no complete line");
      // Format 1 wrote a snapshot as the file's only line, atomically: cut short, it is damage.
      if (format === 1 && torn.subarray(0, 12).toString() === '{"snapshot"') throw new JournalDamaged(this.file, lineNo + 1, "the snapshot ends early (the file was cut)");
      // A write cut short by a crash: never acknowledged. Keep its bytes, then cut it off.
      const aside = `${this.file}.torn-${Date.now()}`;
      writePrivate(aside, torn);
      fs.truncateSync(this.file, lastGoodEnd);
      console.error(`[esign-service] ${this.file}: dropped a torn last record at line ${lineNo + 1} (${torn.length} bytes, never acknowledged; kept in ${aside})`);
    }
    return format ?? "new";
  }

  private replayOps(ops: JournalOp[], lineNo: number): void {
    for (const op of ops) {
      if (op.op !== "patch") {
        applyMutation(this.tables, op);
        continue;
      }
      const rows = this.tables.get(op.table);
      const prev = rows?.get(op.id);
      if (!rows || prev === undefined) throw new JournalDamaged(this.file, lineNo, `patch of a missing record ${op.table}/${op.id}`);
      try {
        rows.set(op.id, applyDelta(prev, op.delta));
      } catch (e) {
        throw new JournalDamaged(this.file, lineNo, `patch of ${op.table}/${op.id} does not fit: ${(e as Error).message}`);
      }
    }
  }

  override apply(m: Mutation): void {
    const prev = m.op === "put" ? this.tables.get(m.table)?.get(m.id) : undefined;
    super.apply(m);
    if (m.op !== "put" || prev === undefined) {
      this.pending.push(m);
      return;
    }
    const delta = diff(prev, m.value);
    if (!delta) return; // unchanged: nothing to journal
    // A delta only when it is smaller than the record itself, and never one its replay would
    // refuse (a key such as "constructor" in metadata is written with the whole record).
    if ("v" in delta || forbiddenDeltaKey(delta) || JSON.stringify(delta).length >= JSON.stringify(m.value).length) this.pending.push(m);
    else this.pending.push({ op: "patch", table: m.table, id: m.id, delta });
  }

  /** Appends the pending mutations as one line and fsyncs it. */
  override commit(): void {
    if (this.pending.length === 0) return;
    const line = encodeRecord({ ops: this.pending });
    this.pending = [];
    writeAll(this.fd, line);
    fs.fsyncSync(this.fd);
    if (++this.linesSinceSnapshot >= this.compactEvery) this.compact();
  }

  /** Rewrites the file as one snapshot (temp file, fsync, rename, fsync of the directory). */
  compact(): void {
    this.writeSnapshot();
    fs.closeSync(this.fd);
    this.fd = openPrivate(this.file, "append");
    this.linesSinceSnapshot = 0;
  }

  private writeSnapshot(): void {
    const { path: tmp, fd } = createPrivateTemp(this.file);
    try {
      const out = new BufferedWriter(fd);
      out.write(Buffer.from(FORMAT_LINE + "\n"));
      let rows = 0;
      for (const [name, table] of this.tables) {
        for (const [id, value] of table) {
          out.write(encodeRecord({ row: [name, id, value] }));
          rows++;
        }
      }
      out.write(encodeRecord({ snapshot_end: rows }));
      out.flush();
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, this.file);
    fsyncDir(path.dirname(path.resolve(this.file)));
  }

  override close(): void {
    try {
      this.commit();
      fs.closeSync(this.fd);
    } finally {
      this.lock?.release();
    }
  }
}

/**
 * Calls `onLine(line, endOffset)` for every newline-terminated line, reading the file in
 * chunks; returns the bytes after the last newline (a torn record) or undefined.
 */
function forEachLine(file: string, onLine: (line: Buffer, end: number) => void): Buffer | undefined {
  const fd = openPrivate(file, "read");
  try {
    const chunk = Buffer.alloc(CHUNK_BYTES);
    let carry: Buffer[] = [];
    let carryLength = 0;
    let offset = 0;
    for (;;) {
      const n = fs.readSync(fd, chunk, 0, chunk.length, offset);
      if (n === 0) break;
      let start = 0;
      for (let nl = chunk.indexOf(0x0a, 0); nl !== -1 && nl < n; nl = chunk.indexOf(0x0a, start)) {
        const piece = chunk.subarray(start, nl);
        const line = carryLength ? Buffer.concat([...carry, piece]) : Buffer.from(piece);
        carry = [];
        carryLength = 0;
        onLine(line, offset + nl + 1);
        start = nl + 1;
      }
      if (start < n) {
        carry.push(Buffer.from(chunk.subarray(start, n)));
        carryLength += n - start;
      }
      offset += n;
    }
    return carryLength ? Buffer.concat(carry) : undefined;
  } finally {
    fs.closeSync(fd);
  }
}

/** A format 1 line: plain JSON, `{"ops":[...]}` or `{"snapshot":{table:[[id,value],...]}}`. */
function decodeFormat1(line: Buffer): JournalRecord | string | { ops: JournalOp[] } {
  let value: unknown;
  try {
    value = JSON.parse(line.toString("utf8"));
  } catch (e) {
    return `not JSON: ${(e as Error).message}`;
  }
  const snapshot = (value as { snapshot?: unknown } | null)?.snapshot;
  if (snapshot !== undefined) {
    if (typeof snapshot !== "object" || snapshot === null) return "snapshot must be an object";
    const ops: JournalOp[] = [{ op: "reset" }];
    for (const [table, rows] of Object.entries(snapshot)) {
      if (!Array.isArray(rows)) return `snapshot table ${table} must be a list of rows`;
      for (const row of rows) {
        if (!Array.isArray(row) || row.length !== 2 || typeof row[0] !== "string") return `snapshot table ${table}: malformed row`;
        ops.push({ op: "put", table, id: row[0], value: row[1] });
      }
    }
    return { ops };
  }
  const r = checkRecord(value);
  return typeof r === "string" || "ops" in r ? r : "format 1 has only ops and snapshot lines";
}

/** Collects small writes into 1 MiB writes (a snapshot has one line per row). */
class BufferedWriter {
  private parts: Buffer[] = [];
  private size = 0;
  constructor(private readonly fd: number) {}
  write(b: Buffer): void {
    this.parts.push(b);
    this.size += b.length;
    if (this.size >= CHUNK_BYTES) this.flush();
  }
  flush(): void {
    if (this.size) writeAll(this.fd, Buffer.concat(this.parts));
    this.parts = [];
    this.size = 0;
  }
}

function writeAll(fd: number, buf: Buffer): void {
  let off = 0;
  while (off < buf.length) off += fs.writeSync(fd, buf, off, buf.length - off);
}

function fsyncDir(dir: string): void {
  try {
    const fd = fs.openSync(dir, "r");
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // Some platforms cannot fsync a directory; the rename is still atomic.
  }
}
