/**
 * @module service/areas/team/members
 * PUT /team/add_member and POST /team/remove_member.
 *
 * As recorded, and choices where nothing is (see docs/local-service.md, "What is recorded and what is our guess"):
 * - team_invite_failed (the invitee is on another team) answers HTTP 403: the official .NET
 *   SDK maps it to its ForbiddenException (S10); the status itself was never recorded.
 * - Inviting someone whose invitation is outstanding answers the team with the recorded
 *   warning add_member (S1 testInviteTeamMember.json); adding a member again is a silent no-op.
 * - remove_member answers 201, the description's only success code, for a member's removal, move
 *   or transfer (new_owner_email_address: a queued transfer, Enterprise plans only; 403
 *   forbidden otherwise), and 200 for someone only invited: the vendor's live test asserts 200
 *   when it removes the account it has just invited (evidence section 9, finding 4, S18).
 *   Clients accept both (the contract's successStatus).
 * - Who may do what by role: permissions.ts (403 forbidden otherwise).
 * - remove_member with new_team_id moves the person: a member changes team (new_role, default
 *   Member; to their own team, new_role alone changes the role); someone only invited keeps
 *   their invitation, now to the new team, with no second e-mail.
 */
import type { Account } from "../../accounts/types";
import { hiddenUntil } from "../../control/visibility-delay";
import { ApiError, badRequest, forbidden, notFound } from "../../http/errors";
import { annotate, type AnswerOf, type RequestContext } from "../../kernel";
import type { BodyOf, TeamRole, Warning } from "../../../contract";
import { assertMayInvite, assertMayRemove } from "./permissions";
import { acceptInvite, INVITE_TTL_SECONDS, leaveTeam, pendingInvites, requireTeam, saveTeam, teamView, teams, visibleTeam, type TeamInviteRecord, type TeamRecord } from "./model";

/** Tables whose rows carry owner_account_id and move to the new owner on a transfer. */
export const TRANSFERABLE_TABLES = ["api_apps", "templates", "signature_requests"];

/** Who add_member names: an account id or an e-mail address (the contract requires one). */
type Invitee = Pick<BodyOf<"team.add_member">, "account_id" | "email_address">;

export function addMember(ctx: RequestContext<"team.add_member">): AnswerOf<"team.add_member"> {
  const { body } = ctx;
  const teamId = ctx.query.team_id;
  const team = teamId ? visibleTeam(ctx.store, ctx.account, teamId) : requireTeam(ctx.store, ctx.account);
  const role: TeamRole = teamId && body.role ? body.role : "Member";
  assertMayInvite(ctx.store, ctx.account);
  const target = resolveInvitee(ctx, body);
  if (target.team_id && target.team_id !== team.team_id) {
    throw new ApiError(403, "team_invite_failed", `${target.email_address} already belongs to another team`, body.account_id ? "account_id" : "email_address");
  }
  const warnings: Warning[] = [];
  if (target.team_id !== team.team_id) {
    const pending = pendingInvites(team).find((i) => i.account_id === target.account_id);
    if (pending) {
      if (teamId && body.role) pending.role = role;
      warnings.push(OUTSTANDING_INVITATION);
    } else {
      const now = ctx.clock.now();
      const hidden = hiddenUntil(ctx.options, "teamVisibilityDelayMs", ctx.clock.nowMs());
      team.invites.push({
        email_address: target.email_address,
        account_id: target.account_id,
        role,
        sent_at: now,
        expires_at: now + INVITE_TTL_SECONDS,
        redeemed_at: null,
        state: "pending",
        ...(hidden === undefined ? {} : { visible_at_ms: hidden }),
      });
      ctx.outbox.send({
        to: target.email_address,
        kind: "team_invite",
        subject: `You have been invited to join ${team.name}`,
        data: { team_id: team.team_id, team_name: team.name, invited_by: ctx.account.email_address, role },
      });
    }
    saveTeam(ctx.store, team);
    if (ctx.options.autoAcceptInvites) {
      return teamView(ctx.store, ctx.accounts, acceptInvite(ctx, target.email_address, team.team_id));
    }
  } else if (teamId && body.role) {
    const m = team.members.find((x) => x.account_id === target.account_id);
    if (m) m.role = role;
    saveTeam(ctx.store, team);
  }
  return annotate(teamView(ctx.store, ctx.accounts, team), { warnings });
}

/** The recorded answer to a second invitation (S1 testInviteTeamMember.json). */
export const OUTSTANDING_INVITATION: Warning = { warning_name: "add_member", warning_msg: "Invited user already has an outstanding invitation" };

/** account_id wins; an unknown e-mail gets a new (unconfirmed) account. */
function resolveInvitee(ctx: RequestContext<"team.add_member">, body: Invitee): Account {
  if (body.account_id) {
    const a = ctx.accounts.byId(body.account_id);
    if (!a) throw notFound(`Account ${body.account_id} not found`, "account_id");
    return a;
  }
  const email = body.email_address!;
  return ctx.accounts.byEmail(email) ?? ctx.accounts.create({ email_address: email, confirmed: false });
}

export function removeMember(ctx: RequestContext<"team.remove_member">): AnswerOf<"team.remove_member"> {
  const { body } = ctx;
  const team = requireTeam(ctx.store, ctx.account);
  const target = body.account_id ? ctx.accounts.byId(body.account_id) : ctx.accounts.byEmail(body.email_address!);
  const path = body.account_id ? "account_id" : "email_address";
  if (!target) throw notFound("Account not found", path);
  const targetRole = subtreeOf(ctx, team)
    .flatMap((t) => t.members)
    .find((m) => m.account_id === target.account_id)?.role;
  assertMayRemove(
    ctx.store,
    ctx.account,
    { account_id: target.account_id, role: targetRole },
    {
      moves: body.new_owner_email_address !== undefined || body.new_team_id !== undefined,
    },
  );

  const dest = body.new_team_id === undefined ? undefined : visibleTeam(ctx.store, ctx.account, body.new_team_id);
  const memberTeam = subtreeOf(ctx, team).find((t) => t.members.some((m) => m.account_id === target.account_id));
  // An outstanding invitation is expired, whether or not the account is also a member; moving
  // someone who is only invited moves the invitation instead (no second e-mail).
  let expired: TeamInviteRecord | undefined;
  for (const t of subtreeOf(ctx, team)) {
    for (const inv of pendingInvites(t).filter((i) => i.account_id === target.account_id)) {
      inv.state = "expired";
      expired = inv;
      saveTeam(ctx.store, t);
    }
  }
  if (!memberTeam) {
    if (!expired) throw notFound(`${target.email_address} is not a member of your team`, path);
    if (dest) moveInvitation(ctx, expired, dest.team_id, body.new_role);
    return annotate(teamView(ctx.store, ctx.accounts, teams(ctx.store).get(team.team_id)!), { status: 200 });
  }

  if (body.new_owner_email_address !== undefined) {
    if (!ctx.accounts.capabilities(ctx.account).new_owner_transfer) {
      throw forbidden("new_owner_email_address is available on Enterprise plans only", "new_owner_email_address");
    }
    const newOwner = ctx.accounts.byEmail(body.new_owner_email_address);
    if (!newOwner || newOwner.team_id !== memberTeam.team_id || newOwner.account_id === target.account_id) {
      throw badRequest("new_owner_email_address must be another member of the team", "new_owner_email_address");
    }
    transferOwnership(ctx, target.account_id, newOwner.account_id);
  }

  if (dest) {
    if (dest.team_id !== memberTeam.team_id) {
      memberTeam.members = memberTeam.members.filter((m) => m.account_id !== target.account_id);
      saveTeam(ctx.store, memberTeam);
      const fresh = teams(ctx.store).get(dest.team_id)!;
      fresh.members.push({ account_id: target.account_id, role: body.new_role ?? "Member" });
      saveTeam(ctx.store, fresh);
      ctx.accounts.update(target.account_id, (a) => (a.team_id = dest.team_id));
    } else if (body.new_role) {
      // A "move" to the team they are on changes only the role.
      memberTeam.members = memberTeam.members.map((m) => (m.account_id === target.account_id ? { ...m, role: body.new_role! } : m));
      saveTeam(ctx.store, memberTeam);
    }
  } else {
    leaveTeam(ctx, teams(ctx.store).get(memberTeam.team_id)!, target.account_id);
  }
  const now = teams(ctx.store).get(team.team_id) ?? team;
  return teamView(ctx.store, ctx.accounts, now);
}

/** The invitation, as it was, now to `teamId` (same sent and expiry times, no new e-mail). */
function moveInvitation(ctx: RequestContext, invite: TeamInviteRecord, teamId: string, role: TeamRole | undefined): void {
  const to = teams(ctx.store).get(teamId)!;
  to.invites.push({ ...invite, role: role ?? invite.role, state: "pending" });
  saveTeam(ctx.store, to);
}

function subtreeOf(ctx: RequestContext, team: TeamRecord): TeamRecord[] {
  const all = teams(ctx.store).list();
  const out = [all.find((t) => t.team_id === team.team_id) ?? team];
  for (let i = 0; i < out.length; i++) out.push(...all.filter((t) => t.parent_team_id === out[i].team_id));
  return out;
}

/** Moves documents, templates and apps of `from` to `to` (the "queued" transfer, done at once here). */
function transferOwnership(ctx: RequestContext, from: string, to: string): void {
  for (const name of TRANSFERABLE_TABLES) {
    const table = ctx.store.table<{ owner_account_id?: string; accounts?: string[] }>(name);
    for (const [id, row] of table.entries()) {
      if (row.owner_account_id !== from) continue;
      row.owner_account_id = to;
      if (Array.isArray(row.accounts)) row.accounts = [...new Set(row.accounts.map((a) => (a === from ? to : a)))];
      table.put(id, row);
    }
  }
}
