/**
 * Who is on a team or invited to it, read once per team and shared by every reader in the
 * provider process: TeamMember's create and read, and the pending-grant check of TemplateAccess
 * and FaxLineUser (resources/shared/invited.ts). Writes this process makes patch the cached list
 * (`cacheKeys.teamPeople`) instead of re-reading it.
 */
import { TEAM_ROLE_CODES } from "../../../contract";
import { cacheKeys } from "./cache-keys";
import { callerTeam, callerTeamId } from "./caller-team";
import type { TeamPerson, TeamWire } from "./people";
import { sameEmail } from "../../core/compare";
import type { ProviderContext } from "../../deployment/context";

/**
 * GET /team lists a team's accounts in one unpaginated answer. An answer of this many accounts
 * or more may be a service's cap rather than the whole team, so it is not taken as complete:
 * the member list (100 a page) is read instead.
 */
export const TEAM_ANSWER_TRUSTED_BELOW = 100;

const ROLE_OF_CODE = new Map(Object.entries(TEAM_ROLE_CODES).map(([role, code]) => [code, role]));

/** The members of GET /team's answer, or undefined when it cannot stand for the whole list. */
function membersOfAnswer(team: TeamWire): TeamPerson[] | undefined {
  const accounts = team.accounts ?? [];
  if (accounts.length >= TEAM_ANSWER_TRUSTED_BELOW) return undefined;
  const people: TeamPerson[] = [];
  for (const a of accounts) {
    const role = ROLE_OF_CODE.get(a.role_code ?? "");
    if (!role) return undefined; // a code we cannot name: the member list names roles in full
    people.push({ accountId: a.account_id, emailAddress: a.email_address ?? "", role, status: "member" });
  }
  return people;
}

async function memberList(ctx: ProviderContext, teamId: string): Promise<TeamPerson[]> {
  const people: TeamPerson[] = [];
  for await (const m of ctx.client.paginate(ctx.client.team.members, { team_id: teamId }, { pageSize: 100 })) {
    people.push({ accountId: m.account_id ?? undefined, emailAddress: m.email_address ?? "", role: m.role ?? "Member", status: "member" });
  }
  return people;
}

/**
 * Everyone on a team or invited to it, read once per team and shared by all members' reads:
 * GET /team (the caller's team: members with roles, and who is invited), the member list only
 * for a sub-team or a team too large to trust GET /team's answer, and the invitations (which
 * carry the invitees' roles) only when someone is pending.
 */
/** Drops the team's people this run read (and the caller's team they may come from): the next read goes to the service. */
export function forgetTeamPeople(ctx: ProviderContext, teamId: string): void {
  ctx.cache.invalidate(cacheKeys.callerTeam);
  ctx.cache.invalidate(cacheKeys.teamPeople(teamId));
}

export function teamPeople(ctx: ProviderContext, teamId: string): Promise<TeamPerson[]> {
  return ctx.cache.get(cacheKeys.teamPeople(teamId), async () => {
    const own = await callerTeam(ctx);
    const answer = own.teamId === teamId ? own.team : undefined;
    const people = (answer && membersOfAnswer(answer)) ?? (await memberList(ctx, teamId));
    // An answer without invited_emails says nothing about them (§9 finding 5): the invitations tell (D129).
    const pending = !answer || answer.invited_emails == null || (answer.invited_accounts ?? []).length > 0 || answer.invited_emails.length > 0;
    if (!pending) return people;
    const invites = await ctx.client.team.invites();
    // Newest first whatever the service's order (the real one lists newest first, the local one
    // oldest first): a person invited again is known by the latest invitation.
    const newestFirst = [...invites.items].sort((a, b) => (b.sent_at ?? 0) - (a.sent_at ?? 0));
    for (const invite of newestFirst) {
      if (invite.team_id && invite.team_id !== teamId) continue;
      if (invite.redeemed_at) continue;
      if (people.some((p) => sameEmail(p.emailAddress, invite.email_address))) continue;
      // The invitees' account ids are in GET /team's invited_accounts (the caller's team only).
      const account = (own.team.invited_accounts ?? []).find((a) => sameEmail(a.email_address, invite.email_address));
      people.push({ accountId: account?.account_id ?? undefined, emailAddress: invite.email_address, role: invite.role ?? "Member", status: "invited" });
    }
    return people;
  });
}

/** The given team, or the caller's (GET /team/info once per provider process, not once per member). */
export async function resolveTeamId(ctx: ProviderContext, inputs: { teamId?: string }): Promise<string> {
  return inputs.teamId ?? callerTeamId(ctx);
}
