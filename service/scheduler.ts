/**
 * @module service/scheduler
 * Background work (template processing, fax transmission): a task runs after a delay, its
 * failure is logged, never thrown at a request, and the store is committed after it. close()
 * cancels what has not started and waits for what has.
 */
import type { Store } from "./store/types";

export class Scheduler {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private closed = false;

  constructor(private readonly store: Store) {}

  schedule(delayMs: number, task: () => void | Promise<void>): void {
    if (this.closed) return;
    const t = setTimeout(() => {
      this.timers.delete(t);
      if (this.closed) return;
      const p = Promise.resolve()
        .then(task)
        .catch((e: unknown) => console.error("[esign-service] background task failed:", e))
        .finally(() => this.store.commit());
      this.running.add(p);
      void p.finally(() => this.running.delete(p));
    }, delayMs);
    this.timers.add(t);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }
}
