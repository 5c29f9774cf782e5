/**
 * @module service/pipeline/rate-limit
 * Stage 3: the account's per-minute budget (429 when used up); its headers go on every answer.
 */
import { ApiError } from "../http/errors";
import type { Stage } from "./call";

export const limitRate: Stage = (call, { rateLimiter }) => {
  const rate = rateLimiter.hit(call.who!.account.account_id);
  call.rateHeaders = rate.headers;
  if (!rate.allowed) throw new ApiError(429, "exceeded_rate", "Rate limit exceeded: too many requests this minute");
};
