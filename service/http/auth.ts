/**
 * @module service/http/auth
 * Authorization: `Basic base64("<API_KEY>:")` (key as user name, empty password) or
 * `Bearer <token>` for a token minted for an OAuth-enabled app (POST /_local/oauth/token).
 */
import type { Account } from "../accounts/types";
import type { AccountService } from "../accounts/service";
import { unauthorized } from "./errors";
import type { AuthInfo } from "../kernel";

export interface Authenticated {
  account: Account;
  auth: AuthInfo;
}

export function authenticate(header: string | undefined, accounts: AccountService, opts: { apiKeyOnly: boolean; appHasOAuth: (client_id: string) => boolean }): Authenticated {
  if (!header) throw unauthorized("No credentials supplied: use HTTP Basic auth with the API key as user name");
  const [scheme, value = ""] = header.trim().split(/\s+/, 2);
  if (/^basic$/i.test(scheme)) {
    let decoded: string;
    try {
      decoded = Buffer.from(value, "base64").toString("utf8");
    } catch {
      throw unauthorized("Malformed Basic credentials");
    }
    const colon = decoded.indexOf(":");
    const key = colon === -1 ? decoded : decoded.slice(0, colon);
    const account = accounts.byApiKey(key);
    if (!account) throw unauthorized("Unauthorized api key");
    return { account, auth: { kind: "api_key" } };
  }
  if (/^bearer$/i.test(scheme)) {
    if (opts.apiKeyOnly) throw unauthorized("This endpoint accepts only the API key (no OAuth access token)");
    const found = accounts.byToken(value);
    if (!found || !opts.appHasOAuth(found.token.client_id)) throw unauthorized("Invalid or expired access token");
    return { account: found.account, auth: { kind: "oauth", client_id: found.token.client_id } };
  }
  throw unauthorized(`Unsupported authorization scheme ${scheme.slice(0, 20)}`);
}
