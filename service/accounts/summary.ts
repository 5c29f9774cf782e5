/**
 * @module service/accounts/summary
 * The "account summary" object other resources embed (team accounts, template accounts,
 * fax line accounts). Fax line accounts carry no quotas.
 */
import type { Account } from "./types";

/** A type, not an interface: it is answered as the contract's open account object (implicit index signature). */
export type AccountSummary = {
  account_id: string;
  email_address: string;
  is_locked: boolean;
  is_paid_hs: boolean;
  is_paid_hf: boolean;
  quotas?: Account["quotas"];
  role_code?: string;
};

export function accountSummary(a: Account, opts: { quotas?: boolean } = {}): AccountSummary {
  const s: AccountSummary = {
    account_id: a.account_id,
    email_address: a.email_address,
    is_locked: a.is_locked,
    is_paid_hs: a.plan !== "free",
    // Whether the account has the Fax API (a paid Dropbox Fax plan): true on the official fax line example.
    is_paid_hf: a.addons.fax === true,
  };
  if (opts.quotas !== false) s.quotas = { ...a.quotas };
  return s;
}
