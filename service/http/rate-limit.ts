/**
 * @module service/http/rate-limit
 * Per account and rate tier, as the real service counts (D66, D75): standard operations
 * against the limit, high-tier ones (the contract's `tier: "high"`) against a quarter of it
 * (25 of 100), requests with test_mode against a tenth (10 of 100), each tier its own count.
 *
 * The count is a bucket that refills continuously (the recordings' X-Ratelimit-Reset is the
 * answer's own second while the bucket is nearly full, S2/S6/S7): it holds `limit` tokens, a
 * request takes one, `limit` come back per `windowMs`. The reset is when the bucket is full
 * again not counting the request just answered (S2's test-mode pair: the first call's reset
 * is now, the second's 5 s ahead at 10 a minute). The fixed windows of before stay an option.
 *
 * Headers go on every authenticated answer, each naming its own tier's count; 429
 * exceeded_rate only when a limit was configured (--rate-limit N). Without one, the headers
 * advertise a budget too large to reach: a client that paces itself by the remaining count
 * must not be told to wait for a limit that is not enforced.
 */
import { RATE_LIMIT_HIGH_TIER_PER_MINUTE, RATE_LIMIT_STANDARD_PER_MINUTE, RATE_LIMIT_TEST_MODE_PER_MINUTE } from "../../contract/limits";
import { operations } from "../../contract/operations";
import type { RateLimitHeaders, RateLimitModel } from "../options";

/** The advertised per-minute budget when no limit is enforced. */
export const UNENFORCED_LIMIT = 1_000_000;

export type Tier = "standard" | "high" | "test_mode";

export interface RateDecision {
  allowed: boolean;
  headers: Record<string, string>;
  /** Refused: whole seconds until a request of this tier may pass again (for Retry-After). */
  retryAfterSeconds?: number;
}

/**
 * The header names: as recorded from 2017 to 2026 (S5, S6, S2, S7, S8), or as the description
 * spells them (X-RateLimit-Remaining, which the real service never sent).
 */
const HEADER_NAMES: Record<RateLimitHeaders, { limit: string; remaining: string; reset: string }> = {
  recorded: { limit: "X-Ratelimit-Limit", remaining: "X-Ratelimit-Limit-Remaining", reset: "X-Ratelimit-Reset" },
  description: { limit: "X-RateLimit-Limit", remaining: "X-RateLimit-Remaining", reset: "X-Ratelimit-Reset" },
};

const TIER_SHARE: Record<Tier, number> = {
  standard: 1,
  high: RATE_LIMIT_HIGH_TIER_PER_MINUTE / RATE_LIMIT_STANDARD_PER_MINUTE,
  test_mode: RATE_LIMIT_TEST_MODE_PER_MINUTE / RATE_LIMIT_STANDARD_PER_MINUTE,
};

/** A tier's limit for a standard limit, in the real service's proportion (at least 1). */
export function tierLimit(standard: number, tier: Tier): number {
  return tier === "standard" ? standard : Math.max(1, Math.round(standard * TIER_SHARE[tier]));
}

/** The high tier's limit for a standard limit (25 of 100). */
export const highTierLimit = (standard: number): number => tierLimit(standard, "high");

/** The tier a call counts against: test mode whatever the operation, else the operation's own. */
export function tierOf(operation: string | null | undefined, testMode: boolean): Tier {
  if (testMode) return "test_mode";
  const spec = operation ? (operations as Record<string, { tier: "standard" | "high" } | undefined>)[operation] : undefined;
  return spec?.tier ?? "standard";
}

/** One count's state: tokens left (bucket) or requests so far (window), as of `atMs`. */
interface Count {
  level: number;
  atMs: number;
}

export interface RateLimiterOptions {
  /** Requests per window for the standard tier; undefined = not enforced. */
  limit?: number;
  nowMs: () => number;
  windowMs?: number;
  model?: RateLimitModel;
  headers?: RateLimitHeaders;
}

export class RateLimiter {
  private counts = new Map<string, Count>();
  private readonly limit: number | undefined;
  private readonly nowMs: () => number;
  private readonly windowMs: number;
  private readonly model: RateLimitModel;
  private readonly names: (typeof HEADER_NAMES)[RateLimitHeaders];

  constructor(o: RateLimiterOptions) {
    this.limit = o.limit;
    this.nowMs = o.nowMs;
    this.windowMs = o.windowMs ?? 60_000;
    this.model = o.model ?? "bucket";
    this.names = HEADER_NAMES[o.headers ?? "recorded"];
  }

  /** Counts one request for `key` (an account id) in `tier` and decides. */
  hit(key: string, tier: Tier): RateDecision {
    const limit = this.limit === undefined ? UNENFORCED_LIMIT : tierLimit(this.limit, tier);
    const now = this.nowMs();
    const countKey = `${tier}:${key}`;
    return this.model === "bucket" ? this.takeToken(countKey, limit, now) : this.countInWindow(countKey, limit, now);
  }

  /** Headers saying the budget is used up until `resetSeconds` (an injected 429). */
  exhausted(resetSeconds: number): Record<string, string> {
    return { [this.names.remaining]: "0", [this.names.reset]: String(resetSeconds) };
  }

  reset(): void {
    this.counts.clear();
  }

  private takeToken(countKey: string, limit: number, now: number): RateDecision {
    const msPerToken = this.windowMs / limit;
    let count = this.counts.get(countKey);
    if (!count) this.counts.set(countKey, (count = { level: limit, atMs: now }));
    count.level = Math.min(limit, count.level + (now - count.atMs) / msPerToken);
    count.atMs = now;
    const hasToken = count.level >= 1;
    if (hasToken) count.level -= 1;
    // Not enforced: nothing is refused, and the level never goes below empty.
    const allowed = hasToken || this.limit === undefined;
    const fullAgainMs = now + Math.max(0, limit - count.level - 1) * msPerToken;
    const headers = this.headers(limit, Math.floor(count.level), Math.floor(fullAgainMs / 1000));
    return allowed ? { allowed, headers } : { allowed, headers, retryAfterSeconds: Math.ceil(((1 - count.level) * msPerToken) / 1000) };
  }

  private countInWindow(countKey: string, limit: number, now: number): RateDecision {
    const start = Math.floor(now / this.windowMs) * this.windowMs;
    let count = this.counts.get(countKey);
    if (!count || count.atMs !== start) this.counts.set(countKey, (count = { level: 0, atMs: start }));
    count.level++;
    const allowed = this.limit === undefined || count.level <= limit;
    const headers = this.headers(limit, Math.max(0, limit - count.level), Math.ceil((start + this.windowMs) / 1000));
    return allowed ? { allowed, headers } : { allowed, headers, retryAfterSeconds: Math.ceil((start + this.windowMs - now) / 1000) };
  }

  private headers(limit: number, remaining: number, resetSeconds: number): Record<string, string> {
    return { [this.names.limit]: String(limit), [this.names.remaining]: String(remaining), [this.names.reset]: String(resetSeconds) };
  }
}
