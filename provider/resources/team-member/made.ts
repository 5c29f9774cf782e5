/**
 * What a team member write whose answer was lost did (DECISIONS D90). POST /team/remove_member
 * is not idempotent (a removal, or a move with new_team_id), so after a lost answer the team's
 * people are read again: the person gone (a removal) or on the new team (a move) = done; else
 * it was not committed and is sent again. PUT /team/add_member needs none of this: the service
 * treats a second invitation of the same person as a no-op (no second e-mail), so the client
 * retries it, and a cut-off run's pending membership needs no finder (D115: the next `up` takes
 * the person over in place).
 */
import type { ProviderContext } from "../../deployment/context";
import { writeOnce } from "../../made/once";
import { findPerson, type PersonInput } from "../shared/membership";
import type { TeamPerson } from "../shared/people";
import { forgetTeamPeople, teamPeople } from "../shared/team-people";

/** The person on team `teamId` (member or invited), read fresh. */
export async function personOn(ctx: ProviderContext, teamId: string, who: PersonInput): Promise<TeamPerson | undefined> {
  forgetTeamPeople(ctx, teamId);
  return findPerson(await teamPeople(ctx, teamId), who);
}

const named = (who: PersonInput) => `team member ${who.emailAddress ?? who.accountId}`;

/** A removal sent once: after a lost answer, the person no longer on the team is proof it was made. */
export async function removeOnce(ctx: ProviderContext, teamId: string, who: PersonInput, send: () => Promise<unknown>): Promise<void> {
  await writeOnce(ctx, {
    what: `${named(who)}: removal from team ${teamId}`,
    send: async () => (await send(), true),
    done: async () => ((await personOn(ctx, teamId, who)) ? undefined : true),
  });
}

/** A move sent once: after a lost answer, the person on the new team is proof it was made. */
export async function moveOnce(ctx: ProviderContext, toTeam: string, who: PersonInput, send: () => Promise<unknown>): Promise<void> {
  await writeOnce(ctx, {
    what: `${named(who)}: move to team ${toTeam}`,
    send: async () => (await send(), true),
    done: async () => ((await personOn(ctx, toTeam, who)) ? true : undefined),
  });
}
