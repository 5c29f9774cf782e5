/** Options of EsignClient and the shapes its hooks and logger receive. */
import type { OperationId } from "../../contract";
import type { RetryPolicy } from "./retry";
import type { RateLimitInfo } from "./stats";

export const DEFAULT_BASE_URL = "https://api.hellosign.com/v3";
export const DEFAULT_USER_AGENT = "pulumi-esign/0.1.0";

export interface RequestInfo {
  operation: OperationId;
  method: string;
  /** Path below the base URL, without query string. */
  path: string;
  /** 0 for the first try, 1 for the first retry ... */
  attempt: number;
}

export interface ResponseInfo extends RequestInfo {
  /** 0 when no response arrived. */
  status: number;
  durationMs: number;
  rateLimit: RateLimitInfo;
}

/** Anything with these methods (console works); every line is redacted first. */
export interface Logger {
  debug?(message: string): void;
  warn?(message: string): void;
}

export interface EsignClientOptions {
  /** API key, sent as HTTP Basic user name with an empty password. */
  apiKey?: string;
  /** OAuth access token, sent as Bearer (preferred for operations that accept OAuth). */
  accessToken?: string;
  /** Default https://api.hellosign.com/v3; the local service's `baseUrl` ends in /v3 too. */
  baseUrl?: string;
  /** Client-side throttle for standard-tier operations (default RATE_LIMIT_STANDARD_PER_MINUTE; 0 disables). */
  requestsPerMinute?: number;
  /** Client-side throttle for high-tier operations (default RATE_LIMIT_HIGH_TIER_PER_MINUTE; 0 disables). */
  highTierRequestsPerMinute?: number;
  /** Requests a bucket lets through back to back before pacing starts (default 10). */
  burst?: number;
  /** Requests in flight at once (default 4). */
  maxConcurrency?: number;
  /** Overrides of DEFAULT_RETRY_POLICY. */
  retry?: Partial<RetryPolicy>;
  /** Per-request timeout (default 30000 ms). */
  timeoutMs?: number;
  logger?: Logger;
  userAgent?: string;
  /** Called before each attempt is sent. */
  onRequest?: (info: RequestInfo) => void;
  /** Called after each attempt, with or without a response. */
  onResponse?: (info: ResponseInfo) => void;
}
