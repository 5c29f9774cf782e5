/**
 * @module service/http/auth
 * Authorization: `Basic base64("<API_KEY>:")` (key as user name, empty password) or
 * `Bearer <token>` for a token minted for an OAuth-enabled app (POST /_local/oauth/token).
 * The texts are the real service's (S8, measured 2026; S1): "Unauthorized user. No
 * credentials supplied." without a header, "Unauthorized api key" for a wrong key, and a
 * Basic value without the ":" is a wrong key too (S8: "rejected exactly like a wrong key").
 */
import type { Account } from "../accounts/types";
import type { AccountService } from "../accounts/service";
import { unauthorized } from "./errors";
import type { AuthInfo } from "../kernel";

export interface Authenticated {
  account: Account;
  auth: AuthInfo;
}

export interface AuthOptions {
  apiKeyOnly: boolean;
  appHasOAuth: (client_id: string) => boolean;
}

export const NO_CREDENTIALS = "Unauthorized user. No credentials supplied.";
export const WRONG_API_KEY = "Unauthorized api key";

export function authenticate(header: string | undefined, accounts: AccountService, opts: AuthOptions): Authenticated {
  if (!header) throw unauthorized(NO_CREDENTIALS);
  const [scheme, value = ""] = header.trim().split(/\s+/, 2);
  if (/^basic$/i.test(scheme)) {
    const decoded = Buffer.from(value, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    const account = colon === -1 ? undefined : accounts.byApiKey(decoded.slice(0, colon));
    if (!account) throw unauthorized(WRONG_API_KEY);
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

/** The caller when the credentials are good, else undefined (for answers that are not a 401). */
export function tryAuthenticate(header: string | undefined, accounts: AccountService, opts: AuthOptions): Authenticated | undefined {
  if (!header) return undefined;
  try {
    return authenticate(header, accounts, opts);
  } catch {
    return undefined;
  }
}
