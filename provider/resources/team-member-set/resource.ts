/**
 * TeamMemberSet: the whole list of a team's people (resources/shared/exclusive.ts). The team's
 * people are the shared once-per-team read of TeamMember (shared/team-people.ts), so a stack with
 * members and their set reads the team once; a removal patches that read.
 */
import { exclusiveImpl, type SetHolder } from "../shared/exclusive";
import { cacheKeys } from "../shared/cache-keys";
import { resolveTeamId, teamPeople } from "../shared/team-people";
import { LAST_ADMIN, lastAdmins } from "../shared/team-guard";
import type { ResourceImpl } from "../../core/resource";
import type { TeamMemberSetInputs, TeamMemberSetState } from "./schema";

export const teamMemberSetImpl: ResourceImpl<TeamMemberSetInputs, TeamMemberSetState> = exclusiveImpl({
  type: "TeamMemberSet",
  parentKey: "teamId",
  listKey: "members",
  parent: (ctx, inputs) => resolveTeamId(ctx, inputs),
  label: (teamId) => `team ${teamId}`,
  holders: (ctx, teamId) => teamPeople(ctx, teamId),
  // A team keeps an Admin: when the list leaves out every Admin who has joined, they all stay (shared/team-guard.ts).
  async guard(_ctx, _teamId, holders, candidates) {
    return new Map<SetHolder, string>(lastAdmins(holders, candidates).map((h) => [h, LAST_ADMIN]));
  },
  async remove(ctx, teamId, holder) {
    // By account id when known; an open invitation by its address (remove_member expires it).
    await ctx.client.team.removeMember(holder.accountId ? { account_id: holder.accountId } : { email_address: holder.emailAddress });
    ctx.cache.patch(cacheKeys.teamPeople(teamId), (people) => people.filter((p) => p !== holder));
  },
});
