/**
 * What a team create whose answer never came made (DECISIONS D115, D93). An account belongs to
 * at most one team and the service refuses a second create, so the caller's team is the only
 * candidate: none = nothing was made; one with the declared name (or any, when no name is
 * declared, or when `adopt: true` takes whatever team it is) = the one made. A team of another
 * name is refused with the way out, never taken silently nor reported as "nothing made" (the next
 * create would fail on "already belongs to a team"): it may be a team the caller was on before.
 */
import type { Finder } from "../../made/finder";
import { isNotFound } from "../../core/resource";
import { callerTeam, forgetCallerTeam } from "../shared/caller-team";
import type { CallerTeam } from "../shared/people";
import type { TeamInputs } from "./schema";
import type { ProviderContext } from "../../deployment/context";
import { createOnce } from "../../made/once";

export const teamFinder: Finder<TeamInputs, CallerTeam> = {
  async list(ctx, inputs) {
    forgetCallerTeam(ctx);
    let found: CallerTeam;
    try {
      found = await callerTeam(ctx);
    } catch (error) {
      if (isNotFound(error)) return [];
      throw error;
    }
    const { name } = found.team;
    if (inputs.name !== undefined && name !== inputs.name && !inputs.adopt) {
      throw new Error(`the caller is on team "${name}", not "${inputs.name}": if the lost create made it, or it is yours, add adopt: true (it is renamed to "${inputs.name}")`);
    }
    return [found];
  },
  idOf: (t) => t.teamId,
  label: (t) => `team "${t.team.name}" (${t.teamId})`,
  tellsApart: true,
};

/**
 * POST /team/create (then the team's id), never failing a later run on "already belongs to a team"
 * because an answer was lost (D90, D93): the finder above reads the caller's team: none = not
 * committed (sent again); the declared one = kept.
 */
export function createTeamOnce(ctx: ProviderContext, inputs: TeamInputs, send: () => Promise<CallerTeam>): Promise<CallerTeam> {
  return createOnce(ctx, {
    kind: "Team",
    what: `team "${inputs.name ?? "(unnamed)"}"`,
    finder: teamFinder,
    inputs,
    before: async () => undefined,
    send,
    ifUnknown: 'the team may exist: add adopt: true before the next up, which otherwise fails on "already belongs to a team"',
  });
}
