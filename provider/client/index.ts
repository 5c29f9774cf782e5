/**
 * The shared REST client of the e-signature service. Public surface:
 * - `EsignClient` (options: EsignClientOptions) with one area per area of the operation table
 *   (`client.apiApp`, `client.team` ...: areas.ts); `request(id, parts)`, `stats()`, `paginate`,
 *   `paginatePages`, `collectAll`
 * - errors: `EsignApiError`, `isEsignApiError`, `EsignValidationError`, `isEsignValidationError`
 * - retry/throttle data: `DEFAULT_RETRY_POLICY`, `RetryPolicy`, `backoffMs`, `DEFAULT_SHARE_POLICY`, `SharePolicy`
 * - `Redactor`, `REDACTED`; types `ClientStats`, `RequestInfo`, `ResponseInfo`, `Logger`
 * See docs/client.md.
 */
export { EsignClient } from "./client";
export type { Areas, ListArgs, MethodOf } from "./areas";
export { EsignApiError, EsignValidationError, isEsignApiError, isEsignValidationError, isGone, isRoleRefusal, isUnauthorized, type EsignApiErrorFields } from "./errors";
export { DEFAULT_BASE_URL, DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_USER_AGENT, baseUrlProblem, type EsignClientOptions, type Logger, type RequestInfo, type ResponseInfo } from "./options";
export { paginate, paginatePages, collectAll, type PaginateOptions, type ListMethod } from "./pagination";
export { REDACTED, Redactor } from "./redact";
export { DEFAULT_RETRY_POLICY, backoffMs, type RetryPolicy } from "./retry";
export { DEFAULT_SHARE_POLICY, type SharePolicy } from "./share";
export type { ClientStats, RateLimitInfo } from "./stats";
export type { FileUpload, ListPage } from "../../contract";
