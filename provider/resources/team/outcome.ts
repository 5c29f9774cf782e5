/**
 * What a team create whose answer was lost did (DECISIONS D90). An account belongs to at most
 * one team and the service refuses a second create ("The account already belongs to a team"),
 * so the caller's team read after the loss is the proof: none = not committed (send again); one
 * with the declared name = the one this create made. A team of another name is refused with the
 * way out (adopt: true), never taken silently: it may be a team the caller was on before.
 * `recover` (a cut-off run) calls `findCreatedTeam` too.
 */
import type { ResultOf } from "../../../contract";
import type { ProviderContext } from "../../deployment/context";
import { isNotFound } from "../../core/resource";
import { forgetCallerTeam } from "../shared/caller-team";
import { createOnce } from "../shared/lost-answer";
import type { TeamInputs } from "./schema";

type TeamWire = ResultOf<"team.get">;

/** The caller's team if it is the one these inputs declare; none when the caller has no team. */
export async function findCreatedTeam(ctx: ProviderContext, inputs: TeamInputs): Promise<TeamWire[]> {
  forgetCallerTeam(ctx);
  let team: TeamWire;
  try {
    team = await ctx.client.team.get();
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
  if (inputs.name !== undefined && team.name !== inputs.name) {
    throw new Error(`the caller is on team "${team.name}", not "${inputs.name}": if the lost create made it, or it is yours, add adopt: true (it is renamed to "${inputs.name}")`);
  }
  return [team];
}

/** POST /team/create, never failing a later run on "already belongs to a team" because an answer was lost. */
export function createTeamOnce(ctx: ProviderContext, inputs: TeamInputs, send: () => Promise<TeamWire>): Promise<TeamWire> {
  return createOnce(ctx, {
    kind: "team",
    what: `team "${inputs.name ?? "(unnamed)"}"`,
    // One team per account: the caller's.
    idOf: () => "caller",
    before: async () => undefined,
    send,
    findCreated: () => findCreatedTeam(ctx, inputs),
    ifUnknown: 'the team may exist: add adopt: true before the next up, which otherwise fails on "already belongs to a team"',
  });
}
