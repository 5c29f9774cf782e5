/**
 * @module service/pipeline/auth
 * Stage 2: who is calling (401 otherwise); fax, fax line and report routes take the API key
 * only. A team Member's or Team Manager's key is refused too (401 "Unauthorized API usage..."),
 * as the real service refuses them (S1 recorded bodies; S12 "Can't make API calls"), except
 * for GET /account, which still tells them their role (D77). OAuth tokens act for a user
 * through an app, so they are not refused for the user's role.
 */
import type { TeamRole } from "../../contract";
import { authenticate } from "../http/auth";
import { unauthorized } from "../http/errors";
import type { AuthenticatedCall, PipelineDeps, RoutedCall } from "./call";

/** Roles whose keys cannot make API calls. */
const NO_API_ACCESS: ReadonlySet<TeamRole> = new Set<TeamRole>(["Member", "Team Manager"]);
/** What they may still call. */
const OPEN_TO_EVERY_ROLE: ReadonlySet<string> = new Set(["account.get"]);

export const API_USAGE_REFUSED = "Unauthorized API usage. Ask your team admin to make you a developer on the Team page.";

export function authenticateCall(call: RoutedCall, { svc, appHasOAuth, teamRoleOf }: PipelineDeps): AuthenticatedCall {
  const who = authenticate(call.req.headers.authorization, svc.accounts, { apiKeyOnly: call.route.apiKeyOnly ?? false, appHasOAuth });
  const authenticated = Object.assign(call, { who });
  call.log.account_id = who.account.account_id;
  if (who.auth.kind !== "api_key" || !who.account.team_id || OPEN_TO_EVERY_ROLE.has(call.route.operation ?? "")) return authenticated;
  const role = teamRoleOf(who.account);
  if (role && NO_API_ACCESS.has(role)) throw unauthorized(API_USAGE_REFUSED);
  return authenticated;
}
