/**
 * @module service/store
 * Opens the store: in memory by default, a durable journal with a data file.
 */
import { JournalStore } from "./journal-store";
import { MemoryStore } from "./memory-store";
import type { Store } from "./types";

export type { Store, Table, Mutation } from "./types";

export function openStore(opts: { data?: string; compactEvery?: number }): Store {
  return opts.data ? new JournalStore(opts.data, opts.compactEvery) : new MemoryStore();
}
