/**
 * The caller's team as GET /team answers it (name, members with their role codes, invitees),
 * read once per cache window and shared by Team and every TeamMember read: refreshing a team
 * and its members costs one read of the team, not one per resource.
 *
 * GET /team carries no team id; its accounts do (AccountResponse.team_id). GET /team/info is
 * read only when the answer lacks it.
 */
import { cacheKeys } from "./cache-keys";
import type { CallerTeam, TeamWire } from "./people";
import type { ProviderContext } from "../../deployment/context";

/** The caller's team id (GET /team/info at most once per cache window). */
export function callerTeamId(ctx: ProviderContext): Promise<string> {
  return ctx.cache.get(cacheKeys.callerTeamId, async () => (await ctx.client.team.info()).team_id);
}

/**
 * The team id an answer of GET /team or POST /team/create states (its accounts' team_id, the
 * description's AccountResponse.team_id), or undefined: no recording of either has it.
 */
export function statedTeamId(team: TeamWire): string | undefined {
  return (team.accounts ?? []).map((a) => a.team_id).find((id): id is string => typeof id === "string" && id !== "");
}

export function callerTeam(ctx: ProviderContext): Promise<CallerTeam> {
  return ctx.cache.get(cacheKeys.callerTeam, async () => {
    const team = await ctx.client.team.get();
    return { team, teamId: statedTeamId(team) ?? (await callerTeamId(ctx)) };
  });
}

/** After this process changed the team (create, rename, destroy): the next read goes to the service. */
export function forgetCallerTeam(ctx: ProviderContext): void {
  ctx.cache.invalidate(cacheKeys.callerTeam);
  ctx.cache.invalidate(cacheKeys.callerTeamId);
}
