/**
 * @module service/areas/team/model
 * Teams, members and invitations. Table "teams", keyed by team_id. An account belongs to at
 * most one team (account.team_id). add_member does not join anyone: it records an
 * invitation, which is accepted out of band (POST /_local/invites/accept) like a person
 * clicking the e-mail link; remove_member expires an outstanding one.
 */
import { accountSummary } from "../../accounts/summary";
import type { Account } from "../../accounts/types";
import type { AccountService } from "../../accounts/service";
import { isVisible } from "../../control/visibility-delay";
import { ApiError, badRequest, notFound } from "../../http/errors";
import type { ServiceContext } from "../../kernel";
import type { Store } from "../../store/types";
import { TEAM_ROLE_CODES, type TeamRole } from "../../../contract";

export interface TeamMemberRecord {
  account_id: string;
  role: TeamRole;
}

export interface TeamInviteRecord {
  email_address: string;
  account_id: string;
  role: TeamRole;
  sent_at: number;
  expires_at: number;
  redeemed_at: number | null;
  state: "pending" | "accepted" | "expired";
  /** Until this time (ms) GET /team leaves the invitation out (teamVisibilityDelayMs, D120). */
  visible_at_ms?: number;
}

export interface TeamRecord {
  team_id: string;
  name: string;
  parent_team_id: string | null;
  created_at: number;
  members: TeamMemberRecord[];
  invites: TeamInviteRecord[];
  /** Until this time (ms) GET /team and GET /team/info answer as if there were no team (teamVisibilityDelayMs, D120). */
  visible_at_ms?: number;
}

/** Invitations stay valid for 30 days (emulator choice). */
export const INVITE_TTL_SECONDS = 30 * 24 * 3600;

export const teams = (store: Store) => store.table<TeamRecord>("teams");

export function teamOf(store: Store, account: Account): TeamRecord | undefined {
  return account.team_id ? teams(store).get(account.team_id) : undefined;
}

export function teamRole(store: Store, account: Account): TeamRole | undefined {
  return teamOf(store, account)?.members.find((m) => m.account_id === account.account_id)?.role;
}

/**
 * The caller's team, or 404 not_found "Team does not exist" as the real GET /team answers (S1
 * testGetTeamInvalid.json); `readingAt` (ms, the reads GET /team and /team/info): also while
 * the read-after-create lag hides a new team (D120).
 */
export function requireTeam(store: Store, account: Account, readingAt?: number): TeamRecord {
  const t = teamOf(store, account);
  if (!t || (readingAt !== undefined && !isVisible(t, readingAt))) throw notFound("Team does not exist");
  return t;
}

/** The caller's team, or 400 bad_request with `message`: PUT /team and DELETE /team/destroy answer so without one (S1). */
export function teamToChange(store: Store, account: Account, message: string): TeamRecord {
  const t = teamOf(store, account);
  if (!t) throw badRequest(message);
  return t;
}

/** The team itself and every team below it. */
export function subtree(store: Store, root: TeamRecord): TeamRecord[] {
  const all = teams(store).list();
  const out = [root];
  for (let i = 0; i < out.length; i++) out.push(...all.filter((t) => t.parent_team_id === out[i].team_id));
  return out;
}

/** A team the caller may address by id: its own or one below it. 404 otherwise. */
export function visibleTeam(store: Store, caller: Account, team_id: string): TeamRecord {
  const own = requireTeam(store, caller);
  const t = subtree(store, own).find((x) => x.team_id === team_id);
  if (!t) throw notFound(`Team ${team_id} not found`, "team_id");
  return t;
}

export function pendingInvites(team: TeamRecord): TeamInviteRecord[] {
  return team.invites.filter((i) => i.state === "pending");
}

/** `readingAt` (ms, GET /team): invitations the read-after-create lag still hides are left out (D120). */
export function teamView(_store: Store, accounts: AccountService, team: TeamRecord, readingAt?: number) {
  const members = team.members.flatMap((m) => {
    const a = accounts.byId(m.account_id);
    // No team_id: no recording of GET /team has one (S1 testGetTeam.json, testCreateTeam.json).
    return a ? [{ ...accountSummary(a), role_code: TEAM_ROLE_CODES[m.role] }] : [];
  });
  const invitedAccounts: ReturnType<typeof accountSummary>[] = [];
  const invitedEmails: string[] = [];
  for (const inv of pendingInvites(team)) {
    if (readingAt !== undefined && !isVisible(inv, readingAt)) continue;
    const a = accounts.byId(inv.account_id);
    // Accounts made by the invitation itself have never been used: the address is all there is.
    if (a && a.confirmed) invitedAccounts.push(accountSummary(a));
    else invitedEmails.push(inv.email_address);
  }
  return { name: team.name, accounts: members, invited_accounts: invitedAccounts, invited_emails: invitedEmails };
}

export function saveTeam(store: Store, team: TeamRecord): void {
  teams(store).put(team.team_id, team);
}

/** Accepts the pending invitation of `email` (to `team_id`, or the newest one). */
export function acceptInvite(svc: ServiceContext, email: string, team_id?: string): TeamRecord {
  const account = svc.accounts.byEmail(email);
  if (!account) throw notFound(`No account for ${email}`);
  const candidates = teams(svc.store)
    .list()
    .filter((t) => (!team_id || t.team_id === team_id) && pendingInvites(t).some((i) => i.account_id === account.account_id));
  const team = candidates[candidates.length - 1];
  if (!team) throw notFound(`No outstanding invitation for ${email}`);
  if (account.team_id && account.team_id !== team.team_id) {
    throw new ApiError(409, "conflict", `${email} already belongs to another team`);
  }
  const invite = pendingInvites(team).find((i) => i.account_id === account.account_id)!;
  invite.state = "accepted";
  invite.redeemed_at = svc.clock.now();
  if (!team.members.some((m) => m.account_id === account.account_id)) {
    team.members.push({ account_id: account.account_id, role: invite.role });
  }
  saveTeam(svc.store, team);
  svc.accounts.update(account.account_id, (a) => {
    a.team_id = team.team_id;
    a.confirmed = true;
  });
  return team;
}

/** Takes an account out of its team (no transfer); deletes a team left without members. */
export function leaveTeam(svc: ServiceContext, team: TeamRecord, account_id: string): void {
  team.members = team.members.filter((m) => m.account_id !== account_id);
  if (team.members.length === 0 && !teams(svc.store).find((t) => t.parent_team_id === team.team_id)) {
    teams(svc.store).delete(team.team_id);
  } else saveTeam(svc.store, team);
  svc.accounts.update(account_id, (a) => {
    if (a.team_id === team.team_id) a.team_id = null;
  });
}
