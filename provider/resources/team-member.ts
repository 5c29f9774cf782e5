/**
 * TeamMember: one account on the team, as a member or with an invitation outstanding.
 *
 * Replaces: emailAddress or accountId (compared case-insensitively), teamId; always
 * delete-before-replace, since the same person may be on both sides of the replace.
 * Updates in place: role (PUT /team/add_member?team_id=... with the new role).
 * Calls: create PUT /team/add_member?team_id=...; read: GET /team, plus GET /team/invites only
 * while someone is invited, plus the member list (GET /team/members/{team_id}, 100 a page) only
 * for a sub-team or a team of 100 or more accounts; read ONCE per team and shared by every
 * member's refresh (see teamPeople); delete POST /team/remove_member, which also expires a
 * pending invitation (404 = already gone).
 * An invitation counts as present (no re-invite on every run); `status` is `invited` until
 * the person accepts, then `member`. An existing membership is adopted silently.
 */
import * as pulumi from "@pulumi/pulumi";
import { TEAM_ROLE_CODES, teamAddMemberBody, type ResultOf } from "../contract";
import { callerTeam, callerTeamId, type TeamWire } from "./support/caller-team";
import { contractFailures } from "./support/check";
import { normalizeEmail, sameEmail } from "./support/compare";
import type { ProviderContext } from "./support/context";
import { DiffRules } from "./support/diff";
import { toWire } from "./support/naming";
import { Props, ResourceImpl } from "./support/resource";
import { findPerson, givenEquals, personInput, personKeys, personRequired, personRules } from "./support/membership";
import { EsignResource } from "./support/esign-resource";

export interface TeamMemberArgs {
  /** Who: an e-mail address (an account is made if it has none) or an account id. */
  emailAddress?: pulumi.Input<string>;
  accountId?: pulumi.Input<string>;
  /** The team; defaults to the caller's team. */
  teamId?: pulumi.Input<string>;
  /** Member, Developer, Team Manager or Admin. */
  role?: pulumi.Input<string>;
}

export class TeamMember extends EsignResource {
  declare readonly accountId: pulumi.Output<string>;
  declare readonly emailAddress: pulumi.Output<string>;
  declare readonly teamId: pulumi.Output<string>;
  declare readonly role: pulumi.Output<string>;
  /** `invited` until the invitation is accepted, then `member`. */
  declare readonly status: pulumi.Output<"invited" | "member">;
  declare readonly managingAccountId: pulumi.Output<string>;

  constructor(name: string, args: TeamMemberArgs, opts?: pulumi.CustomResourceOptions) {
    const outputs = { managingAccountId: undefined, accountId: undefined, emailAddress: undefined, teamId: undefined, role: undefined, status: undefined };
    super("TeamMember", name, { ...outputs, ...args }, opts);
  }
}

const rules: DiffRules = {
  ...personRules,
  teamId: { change: "replace", equal: givenEquals((o, n) => o === n) },
  role: { change: "update", equal: givenEquals((o, n) => o === n) },
};

type AddMemberWire = ResultOf<"team.add_member">;

export interface TeamPerson {
  accountId?: string;
  emailAddress: string;
  role: string;
  status: "invited" | "member";
}

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
export function teamPeople(ctx: ProviderContext, teamId: string): Promise<TeamPerson[]> {
  return ctx.cache.get(`team:${teamId}`, async () => {
    const own = await callerTeam(ctx);
    const answer = own.teamId === teamId ? own.team : undefined;
    const people = (answer && membersOfAnswer(answer)) ?? (await memberList(ctx, teamId));
    const pending = !answer || (answer.invited_accounts ?? []).length > 0 || (answer.invited_emails ?? []).length > 0;
    if (!pending) return people;
    const invites = await ctx.client.team.invites();
    for (const invite of invites.items) {
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
export async function resolveTeamId(ctx: ProviderContext, inputs: Props): Promise<string> {
  return inputs.teamId ?? callerTeamId(ctx);
}

function outputsOf(inputs: Props, teamId: string, person: TeamPerson, accountId: string | undefined): Props {
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
function personIn(team: AddMemberWire, who: Props, role: string | undefined): TeamPerson | undefined {
  const match = (a: { account_id?: string | null; email_address?: string | null }) =>
    (who.accountId && a.account_id === who.accountId) || (who.emailAddress && sameEmail(a.email_address, who.emailAddress));
  const member = (team.accounts ?? []).find(match);
  if (member) return { accountId: member.account_id ?? undefined, emailAddress: member.email_address ?? "", role: role ?? "Member", status: "member" };
  const invited = (team.invited_accounts ?? []).find(match);
  if (invited) return { accountId: invited.account_id ?? undefined, emailAddress: invited.email_address ?? "", role: role ?? "Member", status: "invited" };
  // An invitation to an address without an account shows only in invited_emails.
  const email = (team.invited_emails ?? []).find((e) => sameEmail(e, who.emailAddress));
  return email ? { emailAddress: email, role: role ?? "Member", status: "invited" } : undefined;
}

/** Adds (or re-roles) the person; the parent's cached list is patched with them, not re-read. */
async function addMember(ctx: ProviderContext, teamId: string, inputs: Props, currentRole?: string): Promise<TeamPerson> {
  const body = toWire({ ...personInput(inputs), role: inputs.role });
  const team = await ctx.client.team.addMember(body as never, { team_id: teamId });
  const person = personIn(team, inputs, inputs.role ?? currentRole);
  if (!person) {
    ctx.cache.invalidate(`team:${teamId}`);
    throw new Error(`team ${teamId}: ${inputs.emailAddress ?? inputs.accountId} is not on the team after add_member`);
  }
  ctx.cache.patch<TeamPerson[]>(`team:${teamId}`, (people) => [...people.filter((p) => p !== findPerson(people, inputs)), person]);
  return person;
}

export const teamMemberImpl: ResourceImpl = {
  rules,
  deleteBeforeReplace: true,
  check(_olds, news) {
    const failures = contractFailures(teamAddMemberBody, toWire({ ...personInput(news), role: news.role }), news);
    return { inputs: news, failures: [...failures, ...personRequired(news)] };
  },

  async create(ctx, inputs) {
    const teamId = await resolveTeamId(ctx, inputs);
    const existing = findPerson(await teamPeople(ctx, teamId), inputs);
    let person = existing;
    if (!existing) person = await addMember(ctx, teamId, inputs);
    else if (inputs.role !== undefined && existing.role !== inputs.role) person = await addMember(ctx, teamId, inputs, existing.role);
    const outs = outputsOf(inputs, teamId, person!, undefined);
    return { id: `${teamId}/${outs.accountId ?? outs.emailAddress}`, outs };
  },

  async read(ctx, _id, props) {
    const person = findPerson(await teamPeople(ctx, props.teamId), props);
    return person ? outputsOf(props, props.teamId, person, props.accountId) : undefined;
  },

  async update(ctx, _id, olds, news) {
    const who = { ...news, accountId: news.accountId ?? olds.accountId, emailAddress: news.emailAddress ?? olds.emailAddress };
    const person = await addMember(ctx, olds.teamId, who, olds.role);
    return outputsOf(news, olds.teamId, person, olds.accountId);
  },

  objectKeys: (_id, props) => personKeys(props.teamId, props),

  async delete(ctx, _id, props) {
    await ctx.client.team.removeMember(toWire(personInput(props)) as never);
    ctx.cache.patch<TeamPerson[]>(`team:${props.teamId}`, (people) => people.filter((p) => p !== findPerson(people, props)));
  },
};
