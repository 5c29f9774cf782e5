/**
 * @module service/store/memory-store
 * In-memory tables. Every mutation goes through `apply`, which subclasses observe
 * (the journal store records them).
 */
import type { Mutation, Store, Table } from "./types";

type Rows = Map<string, unknown>;

/** JSON copy: keeps stored values plain and forbids sharing references with handlers. */
function copy<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

/**
 * Copy of a stored row on its way out. Rows went in through `copy`, so they hold only JSON
 * values (no undefined, dates or cycles) and a structural copy equals the JSON round trip, at
 * a fraction of its cost (the round trip was the service's largest cost per read).
 */
function copyStored<T>(v: T): T {
  if (v === null || typeof v !== "object") return v;
  if (Array.isArray(v)) return v.map(copyStored) as T;
  const out: Record<string, unknown> = {};
  for (const k in v) {
    const value = copyStored((v as Record<string, unknown>)[k]);
    // An own "__proto__" key (JSON.parse makes one) must stay a key, not become the prototype.
    if (k === "__proto__") Object.defineProperty(out, k, { value, enumerable: true, writable: true, configurable: true });
    else out[k] = value;
  }
  return out as T;
}

export class MemoryStore implements Store {
  protected tables = new Map<string, Rows>();
  /** One Table object per name: handlers ask for tables on every request. */
  private readonly handles = new Map<string, Table<unknown>>();

  table<T>(name: string): Table<T> {
    let handle = this.handles.get(name);
    if (!handle) this.handles.set(name, (handle = this.makeTable(name)));
    return handle as Table<T>;
  }

  private makeTable<T>(name: string): Table<T> {
    // Looked up on every call: a reset or a journal load replaces the map of rows.
    const rows = () => {
      let r = this.tables.get(name);
      if (!r) this.tables.set(name, (r = new Map()));
      return r;
    };
    // Predicates see the stored rows (they only read them); only what is returned is copied,
    // so a lookup among N rows no longer copies all N (authentication scanned every account).
    const stored = () => rows().values() as IterableIterator<T>;
    return {
      name,
      get: (id) => copyStored(rows().get(id) as T | undefined),
      field: (id, key) => copyStored((rows().get(id) as T | undefined)?.[key]),
      put: (id, value) => this.apply({ op: "put", table: name, id, value: copy(value) }),
      delete: (id) => {
        if (!rows().has(id)) return false;
        this.apply({ op: "delete", table: name, id });
        return true;
      },
      list: () => Array.from(stored(), (v) => copyStored(v)),
      entries: () => Array.from(rows(), ([k, v]) => [k, copyStored(v) as T] as [string, T]),
      find: (p) => {
        for (const v of stored()) if (p(v)) return copyStored(v);
        return undefined;
      },
      filter: (p) => {
        const out: T[] = [];
        for (const v of stored()) if (p(v)) out.push(copyStored(v));
        return out;
      },
      // The same one scan as filter; only the matches are reversed.
      filterNewestFirst: (p) => {
        const out: T[] = [];
        for (const v of stored()) if (p(v)) out.push(copyStored(v));
        return out.reverse();
      },
      windowNewestFirst: (p, { offset, limit, compare }) => {
        const matches: T[] = [];
        for (const v of stored()) if (p(v)) matches.push(v);
        matches.reverse();
        if (compare) matches.sort(compare);
        return { items: matches.slice(offset, offset + limit).map((v) => copyStored(v)), total: matches.length };
      },
      size: () => rows().size,
    };
  }

  /** Applies a mutation to memory; overridden to also record it. */
  apply(m: Mutation): void {
    applyMutation(this.tables, m);
  }

  commit(): void {}

  reset(): void {
    this.apply({ op: "reset" });
  }

  dump(): Record<string, Record<string, unknown>> {
    return dumpTables(this.tables);
  }

  close(): void {}
}

export function applyMutation(tables: Map<string, Rows>, m: Mutation): void {
  if (m.op === "reset") {
    tables.clear();
    return;
  }
  let rows = tables.get(m.table);
  if (!rows) tables.set(m.table, (rows = new Map()));
  // Map keeps first-insertion order on replace, so lists stay in creation order, also after replay.
  if (m.op === "put") rows.set(m.id, m.value);
  else rows.delete(m.id);
}

export function dumpTables(tables: Map<string, Rows>): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [name, rows] of tables) out[name] = Object.fromEntries([...rows].map(([k, v]) => [k, copy(v)]));
  return out;
}
