/**
 * Shared reads of a parent's list inside one provider process.
 *
 * Refreshing 300 team members must read the member list once, not 300 times: every read of a
 * child asks this cache for its parent's list. Entries live for one short window (a refresh
 * reads all children at once). A write this process makes to the parent is applied to the
 * cached list (`patch`), so a read after a write in the same run never sees stale data and
 * creating 300 children still reads the list once, not once per create.
 */
export class ParentListCache {
  private readonly entries = new Map<string, { at: number; value: Promise<unknown> }>();

  constructor(private readonly ttlMs = 30_000, private readonly now = () => Date.now()) {}

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.at < this.ttlMs) return hit.value as Promise<T>;
    const value = load();
    this.entries.set(key, { at: this.now(), value });
    // A failed read is not cached: the next child tries again.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  /** Applies a write this process made to the cached list, if one is cached (no re-read). */
  patch<T>(key: string, change: (value: T) => T): void {
    const hit = this.entries.get(key);
    if (!hit) return;
    const value = (hit.value as Promise<T>).then(change);
    this.entries.set(key, { at: hit.at, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
  }

  invalidate(key: string): void {
    this.entries.delete(key);
  }
}
