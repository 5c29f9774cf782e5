/**
 * TeamMemberSet: the whole list of a team's people (resources/shared/exclusive.ts). The team's
 * people are the shared once-per-team read of TeamMember (shared/team-people.ts), so a stack with
 * members and their set reads the team once; a removal patches that read.
 */
import { exclusiveImpl, type SetHolder } from "../shared/exclusive";
import { cacheKeys } from "../shared/cache-keys";
import { resolveTeamId, teamPeople } from "../shared/team-people";
import type { ResourceImpl } from "../../core/resource";
import type { TeamMemberSetInputs, TeamMemberSetState } from "./schema";

const isAdmin = (h: SetHolder) => h.status !== "invited" && h.role?.toLowerCase() === "admin";

export const teamMemberSetImpl: ResourceImpl<TeamMemberSetInputs, TeamMemberSetState> = exclusiveImpl({
  type: "TeamMemberSet",
  parentKey: "teamId",
  listKey: "members",
  parent: (ctx, inputs) => resolveTeamId(ctx, inputs as { teamId?: string }),
  label: (teamId) => `team ${teamId}`,
  holders: (ctx, teamId) => teamPeople(ctx, teamId),
  // A team keeps an Admin: when the list leaves out every Admin who has joined, they all stay.
  async guard(_ctx, _teamId, holders, candidates) {
    const staying = holders.filter((h) => isAdmin(h) && !candidates.includes(h));
    const kept = new Map<SetHolder, string>();
    if (staying.length === 0) for (const h of candidates.filter(isAdmin)) kept.set(h, "the team's last Admin");
    return kept;
  },
  async remove(ctx, teamId, holder) {
    // By account id when known; an open invitation by its address (remove_member expires it).
    await ctx.client.team.removeMember(holder.accountId ? { account_id: holder.accountId } : { email_address: holder.emailAddress });
    ctx.cache.patch(cacheKeys.teamPeople(teamId), (people) => people.filter((p) => p !== holder));
  },
});
