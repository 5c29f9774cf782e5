/**
 * What a team create whose answer never came made (DECISIONS D115, D93). An account belongs to
 * at most one team and the service refuses a second create, so the caller's team is the only
 * candidate: none = nothing was made; one with the declared name (or any, when no name is
 * declared, or when `adopt: true` takes whatever team it is) = the one made. A team of another
 * name is refused with the way out, never taken silently nor reported as "nothing made" (the next
 * create would fail on "already belongs to a team"): it may be a team the caller was on before.
 */
import type { Finder } from "../../core/finder";
import { isNotFound } from "../../core/resource";
import { callerTeam, forgetCallerTeam } from "../shared/caller-team";
import type { CallerTeam } from "../shared/people";
import type { TeamInputs } from "./schema";

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
