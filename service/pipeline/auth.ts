/**
 * @module service/pipeline/auth
 * Stage 2: who is calling (401 otherwise); fax, fax line and report routes take the API key only.
 */
import { authenticate } from "../http/auth";
import type { Stage } from "./call";

export const authenticateCall: Stage = (call, { svc, appHasOAuth }) => {
  call.who = authenticate(call.req.headers.authorization, svc.accounts, { apiKeyOnly: call.route!.apiKeyOnly ?? false, appHasOAuth });
  call.log.account_id = call.who.account.account_id;
};
