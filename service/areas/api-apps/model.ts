/**
 * @module service/areas/api-apps/model
 * The stored API app and its response view. Table "api_apps", keyed by client_id.
 */
import type { Account } from "../../accounts/types";
import type { AccountService } from "../../accounts/service";
import type { Store } from "../../store/types";
import { teamRole } from "../team/model";

export interface ApiAppRecord {
  client_id: string;
  name: string;
  domains: string[];
  callback_url: string | null;
  created_at: number;
  is_approved: boolean;
  oauth: { callback_url: string; scopes: string[]; secret: string } | null;
  options: Record<string, unknown>;
  owner_account_id: string;
  white_labeling_options: Record<string, unknown> | null;
  custom_logo: { filename: string; content_type: string; size: number } | null;
}

export const apiApps = (store: Store) => store.table<ApiAppRecord>("api_apps");

/** Scopes the app owner pays for; any other scope bills the authorizing user. */
const OWNER_PAID_SCOPES = new Set(["basic_account_info", "request_signature", ""]);

export function apiAppView(app: ApiAppRecord, caller: Account, accounts: AccountService) {
  const ownerEmail = accounts.emailOf(app.owner_account_id);
  const isOwner = caller.account_id === app.owner_account_id;
  const view: Record<string, unknown> = {
    client_id: app.client_id,
    name: app.name,
    domains: app.domains,
    callback_url: app.callback_url,
    created_at: app.created_at,
    is_approved: app.is_approved,
    oauth: app.oauth && {
      callback_url: app.oauth.callback_url,
      scopes: app.oauth.scopes,
      secret: isOwner ? app.oauth.secret : null,
      charges_users: app.oauth.scopes.some((s) => !OWNER_PAID_SCOPES.has(s)),
    },
    options: { can_insert_everywhere: false, ...app.options },
    owner_account: { account_id: app.owner_account_id, email_address: ownerEmail ?? null },
  };
  if (app.white_labeling_options) view.white_labeling_options = app.white_labeling_options;
  return view;
}

/** Owners see their apps; team Admins and Developers also see their teammates' apps (read only). */
export function canSee(store: Store, app: ApiAppRecord, caller: Account, accounts: AccountService): boolean {
  if (app.owner_account_id === caller.account_id) return true;
  const owner = accounts.byId(app.owner_account_id);
  if (!owner?.team_id || owner.team_id !== caller.team_id) return false;
  const role = teamRole(store, caller);
  return role === "Admin" || role === "Developer";
}
