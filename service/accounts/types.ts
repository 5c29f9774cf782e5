/**
 * @module service/accounts/types
 * What the service knows about an account: its key, plan, quotas and team membership.
 */

export type PlanName = "free" | "essentials" | "standard" | "premium" | "enterprise";

/** A type, not an interface: it must be assignable to the contract's open objects (implicit index signature). */
export type Quotas = {
  templates_left: number | null;
  documents_left: number | null;
  api_signature_requests_left: number;
  sms_verifications_left: number;
};

export interface Account {
  account_id: string;
  email_address: string;
  /** The account's first key; `extra_api_keys` holds keys added later. Any of them authenticates. */
  api_key: string;
  /** Keys added through POST /_local/accounts/{id}/api_keys (or a restart with a new --api-key). */
  extra_api_keys?: string[];
  plan: PlanName;
  quotas: Quotas;
  /**
   * Add-ons bought on top of the plan: eID gates `is_eid`; fax is the Fax API (a paid,
   * enabled Dropbox Fax plan) that buying fax lines needs, answered as `is_paid_hf`.
   * Absent fax (journals from before it existed): no fax.
   */
  addons: { eid: boolean; fax?: boolean };
  /** Account callback URL (PUT /account {callback_url}); used when no app callback applies. */
  callback_url: string | null;
  /** Set by PUT /account {locale}; answered by GET /account only once set. */
  locale?: string;
  team_id: string | null;
  /** Set while the account was made by an invitation and never signed in (no key use yet). */
  confirmed: boolean;
  is_locked: boolean;
  created_at: number;
}
