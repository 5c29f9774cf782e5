/**
 * @module service/store/journal-store
 * Durable store for --data <file>: an append-only journal, one JSON line per commit
 * (`{"ops":[...]}`), written and fsync'd before the response that acknowledges it is sent.
 * Every `compactEvery` commits the file is rewritten as one snapshot line
 * (`{"snapshot":{table:[[id,value],...]}}`) into a temp file, fsync'd and renamed over the
 * journal, so a crash leaves either the old or the new file, never a mix.
 *
 * Why a JSON-lines file and not SQLite: no native dependencies are allowed, and an
 * append + fsync per acknowledged write is the simplest thing that is provably durable.
 * A crash can only cut the last line short; replay ignores (and truncates) such a line,
 * and its request was never answered.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { MemoryStore, applyMutation } from "./memory-store";
import type { Mutation } from "./types";

type Line = { ops: Mutation[] } | { snapshot: Record<string, [string, unknown][]> };

export class JournalStore extends MemoryStore {
  private fd: number;
  private pending: Mutation[] = [];
  private linesSinceSnapshot = 0;

  constructor(
    private readonly file: string,
    private readonly compactEvery = 1000,
  ) {
    super();
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    this.replay();
    this.fd = fs.openSync(file, "a");
    if (this.linesSinceSnapshot >= compactEvery) this.compact();
  }

  private replay(): void {
    if (!fs.existsSync(this.file)) return;
    const text = fs.readFileSync(this.file, "utf8");
    let offset = 0;
    const lines = text.split("\n");
    for (let i = 0; i < lines.length; i++) {
      const raw = lines[i];
      const isLast = lines.slice(i + 1).every((l) => l.trim() === "");
      if (raw.trim() !== "") {
        let line: Line;
        try {
          line = JSON.parse(raw) as Line;
        } catch {
          if (!isLast) throw new Error(`${this.file}: corrupt journal line ${i + 1}`);
          // A write cut short by a crash: it was never acknowledged. Drop it.
          fs.truncateSync(this.file, Buffer.byteLength(text.slice(0, offset)));
          return;
        }
        this.load(line);
      }
      offset += raw.length + 1;
    }
    if (!text.endsWith("\n") && text.length > 0) fs.appendFileSync(this.file, "\n");
  }

  private load(line: Line): void {
    if ("snapshot" in line) {
      this.tables.clear();
      for (const [name, rows] of Object.entries(line.snapshot)) this.tables.set(name, new Map(rows));
      this.linesSinceSnapshot = 0;
    } else {
      for (const m of line.ops) applyMutation(this.tables, m);
      this.linesSinceSnapshot++;
    }
  }

  override apply(m: Mutation): void {
    super.apply(m);
    this.pending.push(m);
  }

  /** Appends the pending mutations as one line and fsyncs it. */
  override commit(): void {
    if (this.pending.length === 0) return;
    const line = Buffer.from(JSON.stringify({ ops: this.pending }) + "\n");
    this.pending = [];
    writeAll(this.fd, line);
    fs.fsyncSync(this.fd);
    if (++this.linesSinceSnapshot >= this.compactEvery) this.compact();
  }

  /** Rewrites the file as one snapshot line (atomic rename). */
  compact(): void {
    const snapshot: Record<string, [string, unknown][]> = {};
    for (const [name, rows] of this.tables) snapshot[name] = [...rows];
    const tmp = `${this.file}.tmp`;
    const fd = fs.openSync(tmp, "w");
    writeAll(fd, Buffer.from(JSON.stringify({ snapshot }) + "\n"));
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(tmp, this.file);
    fsyncDir(path.dirname(path.resolve(this.file)));
    fs.closeSync(this.fd);
    this.fd = fs.openSync(this.file, "a");
    this.linesSinceSnapshot = 0;
  }

  override close(): void {
    this.commit();
    fs.closeSync(this.fd);
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
