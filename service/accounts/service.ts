/**
 * @module service/accounts/service
 * Accounts: lookup by key, id, e-mail or OAuth token; creation (control plane, invitations);
 * plan capabilities and quota use. Tables: "accounts", "oauth_tokens".
 */
import type { Store } from "../store/types";
import type { Account, PlanName, Quotas } from "./types";
import { defaultQuotas, planCapabilities, type PlanCapabilities } from "./plans";
import { newId, newSecret } from "../http/ids";
import { API_KEYS_MAX_PER_ACCOUNT } from "../../contract/limits";

export interface OAuthToken {
  access_token: string;
  account_id: string;
  client_id: string;
  created_at: number;
}

export interface NewAccount {
  email_address: string;
  plan?: PlanName;
  quotas?: Partial<Quotas>;
  api_key?: string;
  eid?: boolean;
  /** The Fax API (default false, as for a new account on the real service). */
  fax?: boolean;
  /** false for accounts made by an invitation. */
  confirmed?: boolean;
}

export class AccountService {
  constructor(
    private readonly store: Store,
    private readonly now: () => number,
  ) {}

  private get table() {
    return this.store.table<Account>("accounts");
  }

  byId(id: string): Account | undefined {
    return this.table.get(id);
  }

  /** The account's e-mail address alone (views of other objects name their owner by it). */
  emailOf(id: string): string | undefined {
    return this.table.field(id, "email_address");
  }

  byEmail(email: string): Account | undefined {
    const e = email.trim().toLowerCase();
    return this.table.find((a) => a.email_address.toLowerCase() === e);
  }

  byApiKey(key: string): Account | undefined {
    return key ? this.table.find((a) => a.api_key === key || (a.extra_api_keys?.includes(key) ?? false)) : undefined;
  }

  /** Every key of the account, the first one first. */
  keysOf(account: Account): string[] {
    return [account.api_key, ...(account.extra_api_keys ?? [])];
  }

  /** Adds a key to the account (the old ones keep working); the key must be unused. */
  /** Whether the account may have one key more: at most API_KEYS_MAX_PER_ACCOUNT (official docs, S22). */
  hasRoomForKey(a: Account): boolean {
    return this.keysOf(a).length < API_KEYS_MAX_PER_ACCOUNT;
  }

  /** Adds a key; callers check hasRoomForKey first. */
  addKey(account_id: string, key: string = newSecret()): string | undefined {
    const a = this.update(account_id, (acc) => (acc.extra_api_keys = [...(acc.extra_api_keys ?? []), key]));
    return a && key;
  }

  /**
   * Revokes one key: requests with it get 401 from now on. The first key's place goes to the
   * next one. Returns "last" for the account's only key, which is kept (an account always has one).
   */
  revokeKey(account_id: string, key: string): "revoked" | "unknown" | "last" | undefined {
    const a = this.byId(account_id);
    if (!a) return undefined;
    const keys = this.keysOf(a);
    if (!keys.includes(key)) return "unknown";
    if (keys.length === 1) return "last";
    const rest = keys.filter((k) => k !== key);
    this.update(account_id, (acc) => {
      acc.api_key = rest[0];
      acc.extra_api_keys = rest.slice(1);
    });
    return "revoked";
  }

  byToken(token: string): { account: Account; token: OAuthToken } | undefined {
    const t = this.store.table<OAuthToken>("oauth_tokens").get(token);
    const account = t && this.byId(t.account_id);
    return t && account ? { account, token: t } : undefined;
  }

  mintToken(account_id: string, client_id: string): OAuthToken {
    const t: OAuthToken = { access_token: newSecret(), account_id, client_id, created_at: this.now() };
    this.store.table<OAuthToken>("oauth_tokens").put(t.access_token, t);
    return t;
  }

  create(input: NewAccount): Account {
    const plan = input.plan ?? "free";
    const account: Account = {
      account_id: newId(),
      email_address: input.email_address.trim(),
      api_key: input.api_key ?? newSecret(),
      plan,
      quotas: { ...defaultQuotas(plan), ...(input.quotas ?? {}) },
      addons: { eid: input.eid ?? false, fax: input.fax ?? false },
      callback_url: null,
      team_id: null,
      confirmed: input.confirmed ?? true,
      is_locked: false,
      created_at: this.now(),
    };
    this.table.put(account.account_id, account);
    return account;
  }

  save(account: Account): void {
    this.table.put(account.account_id, account);
  }

  /** Applies `change` to the stored account and saves it. */
  update(account_id: string, change: (a: Account) => void): Account | undefined {
    const a = this.byId(account_id);
    if (!a) return undefined;
    change(a);
    this.save(a);
    return a;
  }

  capabilities(account: Account): PlanCapabilities {
    return planCapabilities(account.plan);
  }

  /**
   * Uses one unit of a quota. null quotas are unlimited. Returns false (and changes nothing)
   * when the quota is exhausted; callers decide whether that is a 402, a lock or a warning.
   */
  consumeQuota(account_id: string, quota: keyof Quotas): boolean {
    const a = this.byId(account_id);
    if (!a) return false;
    const left = a.quotas[quota];
    if (left === null) return true;
    if (left <= 0) return false;
    a.quotas[quota] = left - 1;
    this.save(a);
    return true;
  }

  all(): Account[] {
    return this.table.list();
  }
}
