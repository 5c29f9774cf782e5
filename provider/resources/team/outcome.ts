/**
 * A team create whose answer was lost (DECISIONS D90, D93): the kind's finder (finder.ts, D115)
 * reads the caller's team: none = not committed (sent again); the declared one = kept.
 */
import type { ProviderContext } from "../../deployment/context";
import { createOnce } from "../shared/lost-answer";
import type { CallerTeam } from "../shared/people";
import { teamFinder } from "./finder";
import type { TeamInputs } from "./schema";

/** POST /team/create (then the team's id), never failing a later run on "already belongs to a team" because an answer was lost. */
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
