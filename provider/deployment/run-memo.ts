/**
 * What a run reads once, at its first use, and keeps for the rest of the run: the stack's
 * checkpoint as the run's first check saw it, before the engine records any create of the run
 * (DECISIONS D96). Held by the run (deployment/run.ts), so a new run starts empty.
 */
export class RunMemo {
  private readonly values = new Map<string, unknown>();

  once<T>(key: string, read: () => T): T {
    if (!this.values.has(key)) this.values.set(key, read());
    return this.values.get(key) as T; // what `read` gave: a key is read by one reader (its callers keep it so)
  }
}
