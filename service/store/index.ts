/**
 * @module service/store
 * Opens the store: in memory by default, a durable journal with a data file, held under a
 * lock (one service per data file).
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { JournalStore } from "./journal-store";
import { DataLock } from "./lock";
import { MemoryStore } from "./memory-store";
import type { Store } from "./types";

export type { Store, Table, Mutation } from "./types";
export { JournalDamaged } from "./journal-store";
export { DataFileLocked } from "./lock";

export function openStore(opts: { data?: string; compactEvery?: number }): Store {
  if (!opts.data) return new MemoryStore();
  fs.mkdirSync(path.dirname(path.resolve(opts.data)), { recursive: true });
  const lock = DataLock.acquire(opts.data);
  try {
    return new JournalStore(opts.data, opts.compactEvery, lock);
  } catch (e) {
    lock.release();
    throw e;
  }
}
