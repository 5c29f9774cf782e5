/**
 * @module service/pipeline/rate-limit
 * Stage 4: the account's budget in the call's tier (429 when used up); its headers go on
 * every authenticated answer. It runs after the body is read because a request with test_mode
 * counts against the test-mode tier (D75), which only the body says.
 */
import { ApiError } from "../http/errors";
import { tierOf } from "../http/rate-limit";
import type { PipelineDeps, RatedCall, ReadCall } from "./call";

/** The description's text (S11 Error429Response.json); the 2020 text named an hourly limit that is gone (D77). */
export const TOO_MANY_REQUESTS = "Too many requests.";

export function limitRate(call: ReadCall, { rateLimiter, svc }: PipelineDeps): RatedCall {
  const rate = rateLimiter.hit(call.who.account.account_id, tierOf(call.route.operation, isTestMode(call.body.body.test_mode)));
  const rated = Object.assign(call, { rateHeaders: rate.headers });
  if (rate.allowed) return rated;
  // Retry-After only when asked: no recording shows the real service sending it (§7, §9 finding 6; D131).
  if (svc.options.rateLimitRetryAfter && rate.retryAfterSeconds !== undefined) call.errorHeaders = { "Retry-After": String(rate.retryAfterSeconds) };
  throw new ApiError(429, "exceeded_rate", TOO_MANY_REQUESTS);
}

/** test_mode as JSON (true, 1) or a form field ("1", "true"). */
function isTestMode(value: unknown): boolean {
  return value === true || value === 1 || value === "1" || value === "true";
}
