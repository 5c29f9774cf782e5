/**
 * @module service/http/rate-limit
 * Fixed one-minute windows per account. Headers go on every response; 429 exceeded_rate
 * only when a limit was configured (--rate-limit N). Without one, the headers advertise a
 * budget too large to reach: a client that paces itself by X-RateLimit-Remaining (ours does)
 * must not be told to wait for a limit that is not enforced.
 */

/** The advertised per-minute budget when no limit is enforced. */
export const UNENFORCED_LIMIT = 1_000_000;

export interface RateDecision {
  allowed: boolean;
  headers: Record<string, string>;
}

const WINDOW_MS = 60_000;

export class RateLimiter {
  private windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number | undefined,
    private readonly nowMs: () => number,
  ) {}

  /** Counts one request for `key` (an account id) and decides. */
  hit(key: string): RateDecision {
    const now = this.nowMs();
    const start = Math.floor(now / WINDOW_MS) * WINDOW_MS;
    let w = this.windows.get(key);
    if (!w || w.start !== start) this.windows.set(key, (w = { start, count: 0 }));
    w.count++;
    const limit = this.limit ?? UNENFORCED_LIMIT;
    const allowed = this.limit === undefined || w.count <= this.limit;
    return { allowed, headers: this.headers(limit, Math.max(0, limit - w.count), start) };
  }

  /** Headers for a request not tied to an account (401, unknown route before auth). */
  peek(): Record<string, string> {
    const limit = this.limit ?? UNENFORCED_LIMIT;
    const start = Math.floor(this.nowMs() / WINDOW_MS) * WINDOW_MS;
    return this.headers(limit, limit, start);
  }

  reset(): void {
    this.windows.clear();
  }

  private headers(limit: number, remaining: number, start: number): Record<string, string> {
    return {
      "X-RateLimit-Limit": String(limit),
      "X-RateLimit-Remaining": String(remaining),
      "X-Ratelimit-Reset": String(Math.ceil((start + WINDOW_MS) / 1000)),
    };
  }
}
