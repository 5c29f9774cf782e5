/**
 * Shared reads of a parent's list inside one provider process.
 *
 * Refreshing 300 team members must read the member list once, not 300 times: every read of a
 * child asks this cache for its parent's list. Entries live for one short window (a refresh
 * reads all children at once). A write this process makes to the parent is applied to the
 * cached list (`patch`), so a read after a write in the same run never sees stale data and
 * creating 300 children still reads the list once, not once per create.
 *
 * Entries are named by typed keys (`cacheKeys` in resources/shared/cache-keys.ts), so a key and the type of its value
 * travel together: a reader and a patcher of one list cannot disagree on its shape, and two
 * lists cannot share a name by accident (`team:<id>` once named both a team's people and,
 * for a team id "get", the caller's team).
 */

/** A cache entry's name and, as a type only, its value. */
export interface CacheKey<T> {
  readonly name: string;
  /** Never set: makes CacheKey<A> and CacheKey<B> distinct types. */
  readonly valueType?: (value: T) => T;
}

/** A typed key; each entry's is in resources/shared/cache-keys.ts. */
export const cacheKey = <T>(name: string): CacheKey<T> => ({ name });

export class ParentListCache {
  /** Values of every key's type: each is read back by a key of the name it was stored under, so of its type (the casts below). */
  private readonly entries = new Map<string, { at: number; value: Promise<unknown> }>();

  constructor(
    private readonly ttlMs = 30_000,
    private readonly now = () => Date.now(),
  ) {}

  /** The entry's value as its key types it: one map holds every kind of list, so the type lives in the key (the only cast). */
  private valueOf<T>(_key: CacheKey<T>, hit: { value: Promise<unknown> }): Promise<T> {
    return hit.value as Promise<T>;
  }

  get<T>(key: CacheKey<T>, load: () => Promise<T>): Promise<T> {
    const { name } = key;
    const hit = this.entries.get(name);
    if (hit && this.now() - hit.at < this.ttlMs) return this.valueOf(key, hit);
    const value = load();
    this.entries.set(name, { at: this.now(), value });
    // A failed read is not cached: the next child tries again.
    value.catch(() => {
      if (this.entries.get(name)?.value === value) this.entries.delete(name);
    });
    return value;
  }

  /** Applies a write this process made to the cached list, if one is cached (no re-read). */
  patch<T>(key: CacheKey<T>, change: (value: T) => T): void {
    const { name } = key;
    const hit = this.entries.get(name);
    if (!hit) return;
    const value = this.valueOf(key, hit).then(change);
    this.entries.set(name, { at: hit.at, value });
    value.catch(() => {
      if (this.entries.get(name)?.value === value) this.entries.delete(name);
    });
  }

  invalidate<T>({ name }: CacheKey<T>): void {
    this.entries.delete(name);
  }
}
