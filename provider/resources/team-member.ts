/**
 * TeamMember: one account on the team, as a member or with an invitation outstanding.
 *
 * Replaces: emailAddress or accountId (compared case-insensitively), teamId; always
 * delete-before-replace, since the same person may be on both sides of the replace.
 * Updates in place: role (PUT /team/add_member?team_id=... with the new role).
 * Calls: create PUT /team/add_member?team_id=...; read: the team's member list
 * (GET /team/members/{team_id}, 100 a page), GET /team/invites and GET /team, read ONCE per team and
 * shared by every member's refresh; delete POST /team/remove_member, which also expires a
 * pending invitation (404 = already gone).
 * An invitation counts as present (no re-invite on every run); `status` is `invited` until
 * the person accepts, then `member`. An existing membership is adopted silently.
 */
import * as pulumi from "@pulumi/pulumi";
import { teamAddMemberBody, type ResultOf } from "../contract";
import { contractFailures } from "./support/check";
import { normalizeEmail, sameEmail } from "./support/compare";
import type { ProviderContext } from "./support/context";
import { DiffRules } from "./support/diff";
import { toWire } from "./support/naming";
import { Props, ResourceImpl } from "./support/resource";
import { findPerson, givenEquals, personInput, personKeys, personRequired, personRules } from "./support/membership";
import { providerStub } from "./support/stub";

export interface TeamMemberArgs {
  /** Who: an e-mail address (an account is made if it has none) or an account id. */
  emailAddress?: pulumi.Input<string>;
  accountId?: pulumi.Input<string>;
  /** The team; defaults to the caller's team. */
  teamId?: pulumi.Input<string>;
  /** Member, Developer, Team Manager or Admin. */
  role?: pulumi.Input<string>;
}

export class TeamMember extends pulumi.dynamic.Resource {
  declare readonly accountId: pulumi.Output<string>;
  declare readonly emailAddress: pulumi.Output<string>;
  declare readonly teamId: pulumi.Output<string>;
  declare readonly role: pulumi.Output<string>;
  /** `invited` until the invitation is accepted, then `member`. */
  declare readonly status: pulumi.Output<"invited" | "member">;

  constructor(name: string, args: TeamMemberArgs, opts?: pulumi.CustomResourceOptions) {
    const outputs = { accountId: undefined, emailAddress: undefined, teamId: undefined, role: undefined, status: undefined };
    super(providerStub("TeamMember"), name, { ...outputs, ...args }, opts, "esign", "TeamMember");
  }
}

const rules: DiffRules = {
  ...personRules,
  teamId: { change: "replace", equal: givenEquals((o, n) => o === n) },
  role: { change: "update", equal: givenEquals((o, n) => o === n) },
};

type TeamWire = ResultOf<"team.add_member">;

export interface TeamPerson {
  accountId?: string;
  emailAddress: string;
  role: string;
  status: "invited" | "member";
}

/** Everyone on a team or invited to it: two list reads, shared by all members' reads. */
export function teamPeople(ctx: ProviderContext, teamId: string): Promise<TeamPerson[]> {
  return ctx.cache.get(`team:${teamId}`, async () => {
    const people: TeamPerson[] = [];
    for await (const m of ctx.client.paginate(ctx.client.team.members, { team_id: teamId }, { pageSize: 100 })) {
      people.push({ accountId: m.account_id ?? undefined, emailAddress: m.email_address ?? "", role: m.role ?? "Member", status: "member" });
    }
    // Invitations carry the role; the team's invited_accounts carry the invitees' account ids.
    const [invites, team] = await Promise.all([ctx.client.team.invites(), ctx.client.team.get()]);
    for (const invite of invites.items) {
      if (invite.team_id && invite.team_id !== teamId) continue;
      if (invite.redeemed_at) continue;
      if (people.some((p) => sameEmail(p.emailAddress, invite.email_address))) continue;
      const account = (team.invited_accounts ?? []).find((a) => sameEmail(a.email_address, invite.email_address));
      people.push({ accountId: account?.account_id ?? undefined, emailAddress: invite.email_address, role: invite.role ?? "Member", status: "invited" });
    }
    return people;
  });
}

/** The given team, or the caller's (GET /team/info once per provider process, not once per member). */
export async function resolveTeamId(ctx: ProviderContext, inputs: Props): Promise<string> {
  return inputs.teamId ?? ctx.cache.get("team:info", async () => (await ctx.client.team.info()).team_id);
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
function personIn(team: TeamWire, who: Props, role: string | undefined): TeamPerson | undefined {
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
