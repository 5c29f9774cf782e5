/**
 * Team: the account's team (an account belongs to at most one).
 *
 * Replaces: nothing. Updates in place (PUT /team): name.
 * Calls: create POST /team/create then GET /team/info and GET /team, each until it shows the new
 * team (the read-after-create lag, D120; a lost answer: GET /team shows whether
 * the team was made, D90); read GET /team (shared with the
 * members' reads; GET /team/info only if its accounts lack team_id);
 * update PUT /team; delete DELETE /team/destroy (works only while the caller is the sole
 * member, so members are removed first: they depend on the team).
 * Adoption: `adopt: true` takes over the caller's existing team (renaming it if `name`
 * differs) instead of failing because the caller is already on a team.
 * Who is on the team is not an output: TeamMember resources hold that (a copy here would go
 * stale as members change and diff by list position after a refresh).
 */
import type { ResultOf } from "../../../contract";
import { teamCreateBody } from "../../../contract";
import { announceAdoption } from "../shared/adoption";
import { givenEquals } from "../../core/compare";
import { DiffRules } from "../../core/diff";
import { toWire } from "../../core/naming";
import { afterLag } from "../../core/read-lag";
import { finishing } from "../../core/unfinished-create";
import type { ProviderContext } from "../../deployment/context";
import { callerTeam, callerTeamId, forgetCallerTeam, statedTeamId } from "../shared/caller-team";
import { isNotFound, type ResourceImpl } from "../../core/resource";
import { createTeamOnce } from "./made";
import type { TeamInputs, TeamState } from "./schema";

type TeamWire = ResultOf<"team.get">;

const rules: DiffRules = {
  // An unset name means "whatever it is": the service names new teams "Untitled Team".
  name: { change: "update", equal: givenEquals() },
  adopt: { change: "ignore" },
};

/** Earlier versions copied the people here; state from them drops the stale copy on refresh. */
const STALE = { accounts: undefined, invitedAccounts: undefined, invitedEmails: undefined };

function outputsOf(team: TeamWire, teamId: string, inputs: TeamInputs): TeamState {
  return {
    ...inputs,
    ...STALE,
    name: team.name,
    teamId,
  };
}

async function currentTeamId(ctx: ProviderContext): Promise<string> {
  const info = await ctx.client.team.info();
  return info.team_id;
}

/**
 * The id of the team just made (GET /team/info through the read-after-create lag, D120). Still
 * unknown after the lag's bound: there is no id for the engine to record, so the way on is said.
 */
async function newTeamId(ctx: ProviderContext, inputs: TeamInputs, sentAt: number): Promise<string> {
  try {
    return await afterLag(ctx, `team "${inputs.name ?? "(unnamed)"}"`, sentAt, () => callerTeamId(ctx));
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(`${why}: the service made it but did not say its id; add adopt: true before the next up, which otherwise fails on "already have a team"`);
  }
}

/** The team just made, once GET /team shows it through the lag (the vendor's live test re-reads it too), as outputs. */
async function settle(ctx: ProviderContext, id: string, inputs: TeamInputs, madeAtMs: number): Promise<TeamState> {
  const found = await afterLag(ctx, `team ${id}`, madeAtMs, () => callerTeam(ctx));
  if (found.teamId !== id) throw new Error(`team ${id}: the caller is now on team ${found.teamId}`);
  return outputsOf(found.team, id, inputs);
}

export const teamImpl: ResourceImpl<TeamInputs, TeamState> = {
  rules,
  request: { schema: teamCreateBody, body: (given) => (given.name === undefined ? undefined : toWire({ name: given.name })) },

  async create(ctx, inputs) {
    if (inputs.adopt) {
      try {
        let team = await ctx.client.team.get();
        if (inputs.name !== undefined && team.name !== inputs.name) team = await ctx.client.team.update({ name: inputs.name });
        const teamId = await currentTeamId(ctx);
        await announceAdoption(ctx, { type: "Team", object: `team "${team.name}" (${teamId})`, how: "adopt: true" });
        return { id: teamId, outs: outputsOf(team, teamId, inputs) };
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    }
    let sentAt = Date.now();
    const { team, teamId } = await createTeamOnce(ctx, inputs, async () => {
      sentAt = Date.now();
      const made = await ctx.client.team.create(inputs.name === undefined ? {} : { name: inputs.name });
      forgetCallerTeam(ctx);
      // The answer names the team only if its accounts state their team_id (none recorded does, D120).
      return { team: made, teamId: statedTeamId(made) ?? (await newTeamId(ctx, inputs, sentAt)) };
    });
    // The service made it: a failure from here on carries its id (D121).
    return { id: teamId, outs: await finishing(teamId, outputsOf(team, teamId, inputs), () => settle(ctx, teamId, inputs, sentAt)) };
  },

  settle,

  async read(ctx, id, props) {
    // Shared with the members' reads: refreshing a team and its members reads GET /team once.
    const { team, teamId } = await callerTeam(ctx);
    // The caller now sits on another team: this one is gone as far as this account can tell.
    if (teamId !== id) return undefined;
    return outputsOf(team, teamId, props);
  },

  async update(ctx, id, _olds, news) {
    forgetCallerTeam(ctx);
    const team = news.name === undefined ? await ctx.client.team.get() : await ctx.client.team.update({ name: news.name });
    return outputsOf(team, id, news);
  },

  async delete(ctx) {
    forgetCallerTeam(ctx);
    await ctx.client.team.destroy();
  },
};
