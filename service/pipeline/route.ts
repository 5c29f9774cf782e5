/**
 * @module service/pipeline/route
 * Stage 1: which route answers (404 for no path, 405 with Allow for another method). The
 * caller is looked up without refusing anyone, so an authenticated 404 carries the account's
 * rate-limit headers as the real one does (S8) and a 404 is never turned into a 401.
 */
import { tryAuthenticate } from "../http/auth";
import { ApiError, invalidUri } from "../http/errors";
import type { Call, PipelineDeps, RoutedCall } from "./call";

export function matchRoute(call: Call, deps: PipelineDeps): RoutedCall {
  const match = deps.router.match(call.method, call.path);
  if (match.kind === "not_found") {
    identify(call, deps);
    throw invalidUri();
  }
  if (match.kind === "method_not_allowed") {
    identify(call, deps);
    call.errorHeaders = { Allow: match.allowed.join(", ") };
    // The text as users quoted it (evidence section 9, finding 11, S20: "GET is not supported for this URI");
    // 405 method_not_supported from SDK code (S10 maps it to MethodNotAllowed, S9). Allow names the way.
    throw new ApiError(405, "method_not_supported", `${call.method} is not supported for this URI`);
  }
  call.log.operation = match.route.operation ?? null;
  return Object.assign(call, { route: match.route, params: match.params });
}

/** The caller of a call no route answers, when its credentials are good (else nobody). */
function identify(call: Call, { svc, appHasOAuth }: PipelineDeps): void {
  call.who = tryAuthenticate(call.req.headers.authorization, svc.accounts, { apiKeyOnly: false, appHasOAuth });
  if (call.who) call.log.account_id = call.who.account.account_id;
}
