/**
 * @module service/start-account
 * The account the service starts with: the one holding `--api-key`, else the journal's start
 * account (by `--email`) with the new key added (its old keys keep working, as a rotation on
 * the real service), else a new account.
 */
import type { AccountService } from "./accounts/service";
import type { Account } from "./accounts/types";
import type { ResolvedOptions } from "./options";

export function ensureStartAccount(accounts: AccountService, opts: ResolvedOptions): { account: Account; note?: string } {
  const found = accounts.byApiKey(opts.apiKey);
  // A journal from before the Fax API was modelled: its start account gets the --fax default.
  const existing = found && found.addons.fax === undefined ? accounts.update(found.account_id, (a) => (a.addons.fax = opts.fax)) : found;
  if (existing) return { account: existing };
  const byEmail = accounts.byEmail(opts.email);
  if (byEmail) {
    if (byEmail.addons.fax === undefined) accounts.update(byEmail.account_id, (a) => (a.addons.fax = opts.fax));
    const others = accounts.keysOf(byEmail).length;
    if (!accounts.hasRoomForKey(byEmail)) {
      throw new Error(
        `the data file's start account ${byEmail.account_id} (${byEmail.email_address}) has ${others} API keys, the most an account can have: ` +
          `start with one of them (--api-key), or revoke one (DELETE /_local/accounts/${byEmail.account_id}/api_keys/KEY)`,
      );
    }
    accounts.addKey(byEmail.account_id, opts.apiKey);
    return {
      account: accounts.byId(byEmail.account_id)!,
      note:
        `the data file's start account ${byEmail.account_id} (${byEmail.email_address}) had other keys: added this one; ` +
        `its ${others} earlier key${others === 1 ? "" : "s"} still work (revoke with DELETE /_local/accounts/${byEmail.account_id}/api_keys/KEY)`,
    };
  }
  return { account: accounts.create({ email_address: opts.email, api_key: opts.apiKey, plan: opts.plan, quotas: opts.quotas, eid: opts.eid, fax: opts.fax }) };
}
