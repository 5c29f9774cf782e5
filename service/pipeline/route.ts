/**
 * @module service/pipeline/route
 * Stage 1: which route answers (404 for no path, 405 with Allow for another method).
 */
import { ApiError } from "../http/errors";
import type { Stage } from "./call";

export const matchRoute: Stage = (call, { router }) => {
  const match = router.match(call.method, call.path);
  if (match.kind === "not_found") throw new ApiError(404, "not_found", `No such endpoint: ${call.method} /v3${call.path}`);
  if (match.kind === "method_not_allowed") {
    call.errorHeaders = { Allow: match.allowed.join(", ") };
    throw new ApiError(405, "method_not_allowed", `${call.method} is not allowed on /v3${call.path}; use ${match.allowed.join(", ")}`);
  }
  call.route = match.route;
  call.params = match.params;
  call.log.operation = match.route.operation ?? null;
};
