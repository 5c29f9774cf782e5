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

  table<T>(name: string): Table<T> {
    const rows = () => {
      let r = this.tables.get(name);
      if (!r) this.tables.set(name, (r = new Map()));
      return r;
    };
    const values = () => Array.from(rows().values(), (v) => copyStored(v) as T);
    return {
      name,
      get: (id) => copyStored(rows().get(id) as T | undefined),
      put: (id, value) => this.apply({ op: "put", table: name, id, value: copy(value) }),
      delete: (id) => {
        if (!rows().has(id)) return false;
        this.apply({ op: "delete", table: name, id });
        return true;
      },
      list: values,
      entries: () => [...rows()].map(([k, v]) => [k, copyStored(v) as T] as [string, T]),
      find: (p) => values().find(p),
      filter: (p) => values().filter(p),
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
