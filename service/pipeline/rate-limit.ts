/**
 * @module service/pipeline/rate-limit
 * Stage 3: the account's per-minute budget (429 when used up); its headers go on every answer.
 */
import { ApiError } from "../http/errors";
import type { Stage } from "./call";

export const limitRate: Stage = (call, { rateLimiter }) => {
  // High-tier operations have their own, smaller count (D66).
  const rate = rateLimiter.hit(call.who!.account.account_id, call.route?.operation);
  call.rateHeaders = rate.headers;
  if (!rate.allowed) throw new ApiError(429, "exceeded_rate", "Rate limit exceeded: too many requests this minute");
};
