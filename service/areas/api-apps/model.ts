/**
 * @module service/areas/api-apps/model
 * The stored API app and its response view. Table "api_apps", keyed by client_id.
 */
import type { Account } from "../../accounts/types";
import type { AccountService } from "../../accounts/service";
import type { Store } from "../../store/types";
import { teamRole } from "../team/model";
import { ApiError } from "../../http/errors";

/**
 * An unknown (or unseen) client_id, in the text users quoted from the real service (evidence
 * section 9, finding 11, S20). Each route keeps its status (404 where an app is looked up, 400
 * where a request names one); the statuses are not recorded.
 */
export const appDoesNotExist = (client_id: string, status: 400 | 404 = 404): ApiError =>
  new ApiError(status, status === 404 ? "not_found" : "bad_request", `App ${client_id} does not exist`, "client_id");

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
  /** Only the keys that were set (null or {} when none). */
  white_labeling_options: Record<string, unknown> | null;
  custom_logo: { filename: string; content_type: string; size: number } | null;
  /** Until this time (ms) GET answers 404 and lists leave it out (apiAppVisibilityDelayMs, D120). */
  visible_at_ms?: number;
}

export const apiApps = (store: Store) => store.table<ApiAppRecord>("api_apps");

/** Scopes the app owner pays for; any other scope bills the authorizing user. */
const OWNER_PAID_SCOPES = new Set(["basic_account_info", "request_signature", ""]);

/**
 * The answer, as the description has it today: `domains` (renamed from `domain` in 2022-04) and
 * white_labeling_options an object (a JSON string until 2022-11), null when unset. The
 * "recorded-2021" dialect rewrites it on the wire (service/http/response-profile.ts).
 */
export function apiAppView(app: ApiAppRecord, caller: Account, accounts: AccountService) {
  const ownerEmail = accounts.emailOf(app.owner_account_id);
  const isOwner = caller.account_id === app.owner_account_id;
  const whiteLabeling = app.white_labeling_options && Object.keys(app.white_labeling_options).length ? app.white_labeling_options : null;
  return {
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
    // The description's default (SubOptions); one 2021 recording answered true, likely its account's setting (D76).
    options: { can_insert_everywhere: false, ...app.options },
    owner_account: { account_id: app.owner_account_id, email_address: ownerEmail ?? null },
    white_labeling_options: whiteLabeling,
  };
}

/** Another app of the owner with this exact name (names are unique per owner account, compared as given: D76). */
export function sameNameApp(store: Store, owner_account_id: string, name: string, except?: string): ApiAppRecord | undefined {
  return apiApps(store).find((a) => a.owner_account_id === owner_account_id && a.name === name && a.client_id !== except);
}

/**
 * Owners see their apps; a team Admin also sees the apps of the team's accounts (read only). A
 * Developer sees only the apps they own: the role may "view and search for API app data they own"
 * (official docs, evidence section 9, finding 9).
 */
export function canSee(store: Store, app: ApiAppRecord, caller: Account, accounts: AccountService): boolean {
  if (app.owner_account_id === caller.account_id) return true;
  const owner = accounts.byId(app.owner_account_id);
  if (!owner?.team_id || owner.team_id !== caller.team_id) return false;
  return teamRole(store, caller) === "Admin";
}
