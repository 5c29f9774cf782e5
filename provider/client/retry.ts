/**
 * The retry policy as data (octokit plugin-retry style) and the decisions made from it.
 * 429 is always retried after the reset (the request was not processed). 5xx and network
 * errors are retried only for idempotent operations, or when the request provably never
 * left (connection refused, DNS failure). Any other write after an ambiguous failure is
 * surfaced (`ambiguous: true`) for the resource to decide: it reads what its lost call did and
 * keeps it or sends again (made/once.ts, DECISIONS D90).
 */
export interface RetryPolicy {
  /** Retries of 5xx / network errors (idempotent operations). */
  retries: number;
  /** Statuses retried for idempotent operations. */
  retryStatuses: readonly number[];
  /** Exponential backoff: baseDelayMs * 2^attempt, capped at maxDelayMs, with jitter. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Retries after a 429. */
  rateLimitRetries: number;
  /** Longest wait for a rate-limit reset (429 or Remaining = 0); bounds clock skew. */
  maxRateLimitWaitMs: number;
}

export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({
  retries: 3,
  retryStatuses: [500, 502, 503, 504],
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  rateLimitRetries: 5,
  maxRateLimitWaitMs: 65_000,
});

/** Codes of failures that happen before anything was sent: safe to retry any operation. */
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ERR_INVALID_URL"]);

export function wasNotSent(code: string | undefined): boolean {
  return code !== undefined && NOT_SENT_CODES.has(code);
}

/** Equal jitter: half fixed, half random, so parallel clients spread out. */
export function backoffMs(policy: RetryPolicy, attempt: number, random: () => number = Math.random): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.round(exponential / 2 + (random() * exponential) / 2);
}

/** Milliseconds until a Unix-seconds reset, bounded by the policy; undefined without a reset. */
export function untilResetMs(policy: RetryPolicy, resetSeconds: number | undefined, now = Date.now()): number | undefined {
  if (resetSeconds === undefined || !Number.isFinite(resetSeconds)) return undefined;
  return Math.min(policy.maxRateLimitWaitMs, Math.max(0, resetSeconds * 1000 - now));
}

/**
 * Milliseconds a `Retry-After` header asks for, bounded by the policy; undefined without one
 * (or one that is neither form). Its two forms (RFC 9110 §10.2.3): delay seconds, or an
 * HTTP-date, read against the answer's own `Date` when it has one (the server's clock: no skew).
 * The vendor's live test harness reads it before the reset (real-service-evidence.md §9 finding 6).
 */
export function retryAfterMs(policy: RetryPolicy, header: string | undefined, serverNowMs: number | undefined, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  let ms: number;
  if (/^\d+$/.test(value)) ms = Number(value) * 1000;
  else {
    const at = Date.parse(value);
    if (!Number.isFinite(at)) return undefined;
    ms = at - (serverNowMs ?? now);
  }
  return Math.min(policy.maxRateLimitWaitMs, Math.max(0, ms));
}

export type RetryDecision = { retry: true; delayMs: number } | { retry: false };

interface FailureContext {
  attempt: number;
  idempotent: boolean;
}

/** After a 5xx (or any status): retry idempotent operations on the listed statuses. */
export function decideAfterStatus(policy: RetryPolicy, status: number, context: FailureContext): RetryDecision {
  if (!policy.retryStatuses.includes(status) || !context.idempotent || context.attempt >= policy.retries) {
    return { retry: false };
  }
  return { retry: true, delayMs: backoffMs(policy, context.attempt) };
}

/** After a network error: retry when idempotent, or when nothing was sent. */
export function decideAfterNetworkError(policy: RetryPolicy, code: string | undefined, context: FailureContext): RetryDecision {
  const safe = context.idempotent || wasNotSent(code);
  if (!safe || context.attempt >= policy.retries) return { retry: false };
  return { retry: true, delayMs: backoffMs(policy, context.attempt) };
}
