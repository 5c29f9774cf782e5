/**
 * TeamMember: one account on the team, as a member or with an invitation outstanding.
 *
 * Replaces: another person (emailAddress or accountId, compared case-insensitively), create
 * before delete; a new address for the accountId the program names is an update (D37).
 * Updates in place: role (PUT /team/add_member?team_id=... with the new role); teamId, a move
 * (POST /team/remove_member with new_team_id and new_role: never out of the organization,
 * never a second invitation).
 * Calls: create PUT /team/add_member?team_id=...; read: who is on the team
 * (resources/shared/team-people.ts), read ONCE per team and shared by every member's refresh; delete
 * POST /team/remove_member, which also expires a pending invitation (404 = already gone; a lost
 * answer: the team is read again, D90).
 * An invitation counts as present (no re-invite on every run); `status` is `invited` until
 * the person accepts, then `member`. A person already on the team is taken over, with an
 * engine warning naming them.
 */
import { teamAddMemberBody, type BodyOf, type ResultOf } from "../../../contract";
import { cacheKeys } from "../shared/cache-keys";
import { givenEquals, normalizeEmail, sameEmail } from "../../core/compare";
import type { ProviderContext } from "../../deployment/context";
import { DiffRules, diffByRules } from "../../core/diff";
import { announceAdoption } from "../shared/adoption";
import { toWire } from "../../core/naming";
import type { ResourceImpl } from "../../core/resource";
import { lagBound, untilFound } from "../../core/read-lag";
import { findPerson, personInput, personKeys, personRequired, personRules, type PersonInput } from "../shared/membership";
import type { TeamPerson } from "../shared/people";
import { forgetTeamPeople, resolveTeamId, teamPeople } from "../shared/team-people";
import { moveOnce, removeOnce } from "./made";
import { isAdmin, isKeyHolder, KEY_HOLDER, whyStays } from "../shared/team-guard";
import type { TeamMemberInputs, TeamMemberState } from "./schema";

const rules: DiffRules = {
  ...personRules,
  // A move: POST /team/remove_member with new_team_id, never a removal and a new invitation.
  teamId: { change: "update", equal: givenEquals() },
  role: { change: "update", equal: givenEquals() },
};

/**
 * The rules, except that a new address for the account id the program names (the person
 * changed address) is an update: the account is the same, so nothing is removed or re-sent.
 */
function diff(olds: TeamMemberState, news: TeamMemberInputs) {
  const result = diffByRules(rules, olds, news);
  const samePerson = news.accountId !== undefined && news.accountId === olds.accountId;
  if (samePerson && result.replaces?.length === 1 && result.replaces[0] === "emailAddress") return { ...result, replaces: [] };
  return result;
}

type AddMemberWire = ResultOf<"team.add_member">;

function outputsOf(inputs: TeamMemberInputs, teamId: string, person: TeamPerson, accountId: string | undefined): TeamMemberState {
  return {
    ...inputs,
    teamId,
    accountId: person.accountId ?? accountId ?? inputs.accountId,
    emailAddress: normalizeEmail(person.emailAddress) ?? inputs.emailAddress,
    role: person.role,
    status: person.status,
  };
}

/** Where the person stands in a team object (add_member's answer): one request, no re-read. */
function personIn(team: AddMemberWire, who: PersonInput, role: string | undefined): TeamPerson | undefined {
  const match = (a: { account_id?: string | null; email_address?: string | null }) =>
    (who.accountId && a.account_id === who.accountId) || (who.emailAddress && sameEmail(a.email_address, who.emailAddress));
  const member = (team.accounts ?? []).find(match);
  if (member) return { accountId: member.account_id ?? undefined, emailAddress: member.email_address ?? "", role: role ?? "Member", status: "member" };
  const invited = (team.invited_accounts ?? []).find(match);
  if (invited) return { accountId: invited.account_id ?? undefined, emailAddress: invited.email_address ?? "", role: role ?? "Member", status: "invited" };
  // An invitation to an address without an account shows only in invited_emails; an answer
  // without them (§9 finding 5) says nothing against the invitation add_member just accepted (D129).
  const email = team.invited_emails == null ? who.emailAddress : team.invited_emails.find((e) => sameEmail(e, who.emailAddress));
  return email ? { emailAddress: email, role: role ?? "Member", status: "invited" } : undefined;
}

/** Adds (or re-roles) the person; the parent's cached list is patched with them, not re-read. */
async function addMember(ctx: ProviderContext, teamId: string, inputs: TeamMemberInputs, currentRole?: string): Promise<TeamPerson> {
  const body = toWire<BodyOf<"team.add_member">>({ ...personInput(inputs), role: inputs.role });
  const team = await ctx.client.team.addMember(body, { team_id: teamId });
  const person = personIn(team, inputs, inputs.role ?? currentRole);
  if (!person) {
    ctx.cache.invalidate(cacheKeys.teamPeople(teamId));
    throw new Error(`team ${teamId}: ${inputs.emailAddress ?? inputs.accountId} is not on the team after add_member`);
  }
  ctx.cache.patch(cacheKeys.teamPeople(teamId), (people) => [...people.filter((p) => p !== findPerson(people, inputs)), person]);
  return person;
}

/** POST /team/remove_member with new_team_id: the person changes team (and role), nothing else. */
async function move(ctx: ProviderContext, olds: TeamMemberState, who: PersonInput, teamId: string, role: string | undefined): Promise<TeamPerson> {
  const newRole = role ?? olds.role;
  await moveOnce(ctx, teamId, who, () => ctx.client.team.removeMember(toWire<BodyOf<"team.remove_member">>({ ...personInput(who), newTeamId: teamId, newRole })));
  const person: TeamPerson = { accountId: olds.accountId, emailAddress: olds.emailAddress, role: newRole ?? "Member", status: olds.status ?? "member" };
  ctx.cache.patch(cacheKeys.teamPeople(olds.teamId), (people) => people.filter((p) => p !== findPerson(people, who)));
  ctx.cache.patch(cacheKeys.teamPeople(teamId), (people) => [...people.filter((p) => p !== findPerson(people, who)), person]);
  ctx.log(`team member ${olds.emailAddress ?? olds.accountId}: moved from team ${olds.teamId} to ${teamId}`);
  return person;
}

/**
 * Refuses, in one line and before any write, to take the key holder or the team's last Admin off
 * team `teamId` (`what`: a removal, a move), to change the key holder's role to anything but
 * Admin, or to take the Admin role from the last Admin: the rule TeamMemberSet's removals follow
 * (shared/team-guard.ts). `recorded` is the person as the state has them; `newRole` undefined:
 * they leave the team. The team is read (once per run, shared) only for a recorded Admin.
 */
async function guardLeaving(ctx: ProviderContext, teamId: string, recorded: TeamMemberState, what: string, newRole?: string): Promise<void> {
  if (newRole?.toLowerCase() === "admin") return;
  const me = await ctx.account();
  const key = { accountId: me.accountId, email: me.email };
  let why = isKeyHolder(recorded, key) ? KEY_HOLDER : undefined;
  if (!why && isAdmin(recorded)) {
    const people = await teamPeople(ctx, teamId);
    const person = findPerson(people, recorded);
    if (person && isAdmin(person)) why = whyStays(people, person, {});
  }
  if (!why) return;
  throw new Error(
    `refused: ${what} of ${recorded.emailAddress || recorded.accountId} on team ${teamId}: ${why === KEY_HOLDER ? "they hold the API key" : "they are the team's last Admin"}; nothing was changed (make someone else an Admin first, or run with another Admin's key)`,
  );
}

const nameOf = (person: TeamPerson, teamId: string) =>
  `${person.status === "invited" ? "invitation of" : "member"} ${person.emailAddress}${person.accountId ? ` (account ${person.accountId})` : ""} on team ${teamId}`;

/**
 * The person as the team lists them now (the read shared by the team's members), or undefined.
 * A miss drops the shared read, so a try again (a new invitation the service does not list yet,
 * D120) goes to the service.
 */
async function personNow(ctx: ProviderContext, teamId: string, inputs: TeamMemberInputs, accountId: string | undefined): Promise<TeamMemberState | undefined> {
  const person = findPerson(await teamPeople(ctx, teamId), inputs);
  if (person) return outputsOf(inputs, teamId, person, accountId);
  forgetTeamPeople(ctx, teamId);
  return undefined;
}

/**
 * GET /team leaves a new invitation out for a while (D120): the person made at `madeAtMs`, once
 * the team lists them. Create needs none of it (add_member's answer is the proof of the
 * invitation); that the kind has it makes the state record when it was made, so a refresh
 * within the bound takes a miss for the lag, not for a member gone.
 */
async function settle(ctx: ProviderContext, id: string, inputs: TeamMemberInputs, madeAtMs: number): Promise<TeamMemberState> {
  const teamId = await resolveTeamId(ctx, inputs);
  const found = await untilFound(ctx, madeAtMs, () => personNow(ctx, teamId, inputs, inputs.accountId));
  if (!found) throw new Error(`team member ${id}: still not on the team ${Math.round(lagBound(ctx) / 1000)} s after its invitation (the service's read-after-create lag)`);
  return found;
}

export const teamMemberImpl: ResourceImpl<TeamMemberInputs, TeamMemberState> = {
  rules,
  // Replaced only for another person (a changed e-mail or account id): the new one is added
  // first, and a create that finds the same person keeps them from the old name's delete (claims).
  deleteBeforeReplace: false,
  diff: (_id, olds, news) => diff(olds, news),
  request: { schema: teamAddMemberBody, body: (given) => toWire({ ...personInput(given), role: given.role }) },
  check: (_olds, news) => ({ failures: personRequired(news) }),

  async create(ctx, inputs) {
    const teamId = await resolveTeamId(ctx, inputs);
    const existing = findPerson(await teamPeople(ctx, teamId), inputs);
    let person = existing;
    if (!existing) person = await addMember(ctx, teamId, inputs);
    else {
      await announceAdoption(ctx, { type: "TeamMember", object: nameOf(existing, teamId), how: `already ${existing.status === "invited" ? "invited" : "on the team"}` });
      if (inputs.role !== undefined && existing.role !== inputs.role) person = await addMember(ctx, teamId, inputs, existing.role);
    }
    const outs = outputsOf(inputs, teamId, person!, undefined);
    return { id: `${teamId}/${outs.accountId ?? outs.emailAddress}`, outs };
  },

  settle,

  async read(ctx, _id, props) {
    return personNow(ctx, props.teamId, props, props.accountId);
  },

  async update(ctx, _id, olds, news) {
    const who = { ...news, accountId: news.accountId ?? olds.accountId, emailAddress: news.emailAddress ?? olds.emailAddress };
    const teamId = news.teamId ?? olds.teamId;
    if (teamId !== olds.teamId) {
      await guardLeaving(ctx, olds.teamId, olds, `a move to team ${teamId}`);
      return outputsOf(news, teamId, await move(ctx, olds, who, teamId, news.role), olds.accountId);
    }
    if (news.role !== undefined && news.role !== olds.role) {
      await guardLeaving(ctx, teamId, olds, `a role change to ${news.role}`, news.role);
      return outputsOf(news, teamId, await addMember(ctx, teamId, who, olds.role), olds.accountId);
    }
    // Only the address changed, for the same account: the person's own; nothing to send.
    const person: TeamPerson = { accountId: olds.accountId, emailAddress: who.emailAddress, role: olds.role, status: olds.status };
    return outputsOf(news, teamId, person, olds.accountId);
  },

  objectKeys: (_id, props) => personKeys(props.teamId, props),

  async delete(ctx, _id, props) {
    await guardLeaving(ctx, props.teamId, props, "a removal");
    await removeOnce(ctx, props.teamId, props, () => ctx.client.team.removeMember(toWire<BodyOf<"team.remove_member">>(personInput(props))));
    ctx.cache.patch(cacheKeys.teamPeople(props.teamId), (people) => people.filter((p) => p !== findPerson(people, props)));
  },
};
