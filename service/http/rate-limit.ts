/**
 * @module service/http/rate-limit
 * Fixed windows (a minute by default) per account and rate tier, as the real service counts:
 * standard operations against the limit, high-tier ones (the contract's `tier: "high"`)
 * against their own, a quarter of it (25 of 100). Headers go on every response, each naming
 * its own tier's count; 429 exceeded_rate only when a limit was configured (--rate-limit N).
 * Without one, the headers advertise a budget too large to reach: a client that paces itself
 * by X-RateLimit-Remaining (ours does) must not be told to wait for a limit that is not enforced.
 */
import { RATE_LIMIT_HIGH_TIER_PER_MINUTE, RATE_LIMIT_STANDARD_PER_MINUTE } from "../../contract/limits";
import { operations } from "../../contract/operations";

/** The advertised per-minute budget when no limit is enforced. */
export const UNENFORCED_LIMIT = 1_000_000;

export interface RateDecision {
  allowed: boolean;
  headers: Record<string, string>;
}

type Tier = "standard" | "high";

/** The high tier's limit for a standard limit, in the real service's proportion (at least 1). */
export function highTierLimit(standard: number): number {
  return Math.max(1, Math.round((standard * RATE_LIMIT_HIGH_TIER_PER_MINUTE) / RATE_LIMIT_STANDARD_PER_MINUTE));
}

export class RateLimiter {
  private windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number | undefined,
    private readonly nowMs: () => number,
    private readonly windowMs = 60_000,
  ) {}

  /** Counts one request for `key` (an account id) in the operation's tier and decides. */
  hit(key: string, operation?: string | null): RateDecision {
    const spec = operation ? (operations as Record<string, { tier: Tier } | undefined>)[operation] : undefined;
    const tier: Tier = spec?.tier ?? "standard";
    const now = this.nowMs();
    const start = Math.floor(now / this.windowMs) * this.windowMs;
    const windowKey = `${tier}:${key}`;
    let w = this.windows.get(windowKey);
    if (!w || w.start !== start) this.windows.set(windowKey, (w = { start, count: 0 }));
    w.count++;
    const limit = this.limitOf(tier);
    const allowed = this.limit === undefined || w.count <= limit;
    return { allowed, headers: this.headers(limit, Math.max(0, limit - w.count), start) };
  }

  /** Headers for a request not tied to an account (401, unknown route before auth). */
  peek(): Record<string, string> {
    const limit = this.limitOf("standard");
    const start = Math.floor(this.nowMs() / this.windowMs) * this.windowMs;
    return this.headers(limit, limit, start);
  }

  reset(): void {
    this.windows.clear();
  }

  private limitOf(tier: Tier): number {
    if (this.limit === undefined) return UNENFORCED_LIMIT;
    return tier === "high" ? highTierLimit(this.limit) : this.limit;
  }

  private headers(limit: number, remaining: number, start: number): Record<string, string> {
    return {
      "X-RateLimit-Limit": String(limit),
      "X-RateLimit-Remaining": String(remaining),
      "X-Ratelimit-Reset": String(Math.ceil((start + this.windowMs) / 1000)),
    };
  }
}
