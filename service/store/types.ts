/**
 * @module service/store/types
 * The generic store: named tables of JSON values keyed by id. Areas add tables by name
 * (`store.table<Template>("templates")`); nothing has to be declared up front.
 *
 * Values are copied on the way in and out, so a handler can only change state through
 * `put`/`delete` - which is what makes the journal (see journal-store.ts) complete.
 */

export interface Table<T> {
  readonly name: string;
  get(id: string): T | undefined;
  /** One field of a row (a copy), without copying the whole row. */
  field<K extends keyof T>(id: string, key: K): T[K] | undefined;
  /** Inserts or replaces. The value must be JSON-serialisable. */
  put(id: string, value: T): void;
  /** True when something was deleted. */
  delete(id: string): boolean;
  /** All values, in insertion order. */
  list(): T[];
  /** [id, value] pairs, in insertion order. */
  entries(): [string, T][];
  /** The predicate sees the stored row itself: it must only read it. Matches are copies. */
  find(predicate: (value: Readonly<T>) => boolean): T | undefined;
  filter(predicate: (value: Readonly<T>) => boolean): T[];
  /**
   * The matches newest first (reverse insertion order), as the real service lists templates
   * and API apps. Stable: a row keeps its place when it is replaced, so pages do not shift
   * unless rows are added or deleted.
   */
  filterNewestFirst(predicate: (value: Readonly<T>) => boolean): T[];
  /**
   * One window of the matches, newest first, or ordered by `compare` (a stable sort of the
   * newest-first order; it sees the stored rows and must only read them); only the window's
   * rows are copied, so a page of a long list costs one scan, not a copy of every match.
   */
  windowNewestFirst(predicate: (value: Readonly<T>) => boolean, window: { offset: number; limit: number; compare?: (a: Readonly<T>, b: Readonly<T>) => number }): { items: T[]; total: number };
  size(): number;
}

/** One mutation, as journalled. */
export type Mutation = { op: "put"; table: string; id: string; value: unknown } | { op: "delete"; table: string; id: string } | { op: "reset" };

export interface Store {
  table<T>(name: string): Table<T>;
  /** Makes every mutation since the last commit durable (no-op in memory). Called before a response is sent. */
  commit(): void;
  /** Drops every table (journalled like any mutation). */
  reset(): void;
  /** Plain copy of every table, for GET /_local/state. */
  dump(): Record<string, Record<string, unknown>>;
  close(): void;
}
