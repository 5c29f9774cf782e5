/** Counters the client keeps for benchmarks and tests (client.stats()). */
export interface ClientStats {
  /** HTTP requests sent (attempts, including retries). */
  requestsSent: number;
  /** Responses by HTTP status; network errors are counted under "0". */
  responsesByStatus: Record<string, number>;
  retries: number;
  rateLimited: number;
  networkErrors: number;
  /** Requests rejected client-side by the contract (never sent). */
  validationFailures: number;
  /** Time spent waiting: throttle, rate-limit pauses and backoff, in ms. */
  waitMs: { throttle: number; rateLimit: number; backoff: number };
  /** Last rate-limit headers seen. */
  rateLimit?: RateLimitInfo;
}

export interface RateLimitInfo {
  limit?: number;
  remaining?: number;
  /** Unix seconds. */
  reset?: number;
}

export function emptyStats(): ClientStats {
  return {
    requestsSent: 0,
    responsesByStatus: {},
    retries: 0,
    rateLimited: 0,
    networkErrors: 0,
    validationFailures: 0,
    waitMs: { throttle: 0, rateLimit: 0, backoff: 0 },
  };
}

export function countStatus(stats: ClientStats, status: number): void {
  stats.responsesByStatus[String(status)] = (stats.responsesByStatus[String(status)] ?? 0) + 1;
}
