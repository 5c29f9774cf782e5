/**
 * @module service/areas/team
 * Team routes: get, info, create, update, destroy, add/remove member (members.ts),
 * members and sub_teams lists, invites.
 */
import { TEAM_DEFAULT_NAME } from "../../../contract";
import { hiddenUntil } from "../../control/visibility-delay";
import { badRequest } from "../../http/errors";
import { newId } from "../../http/ids";
import { paginate } from "../../http/pagination";
import { route } from "../../http/route";
import type { Area, RequestContext } from "../../kernel";
import { teamControlRoutes } from "./control";
import { addMember, removeMember } from "./members";
import { pendingInvites, requireTeam, saveTeam, subtree, teamToChange, teamView, teams, visibleTeam, type TeamRecord } from "./model";

function info(ctx: RequestContext, team: TeamRecord) {
  const parent = team.parent_team_id ? teams(ctx.store).get(team.parent_team_id) : undefined;
  const parentRef = parent ? { team_id: parent.team_id, name: parent.name } : null;
  return {
    team_id: team.team_id,
    name: team.name,
    num_members: team.members.length,
    num_sub_teams: teams(ctx.store).filter((t) => t.parent_team_id === team.team_id).length,
    // The schema says team_parent, the examples parent_team: emit both.
    parent_team: parentRef,
    team_parent: parentRef,
  };
}

export const area: Area = {
  name: "team",
  routes: [
    route("team.get", (ctx) => {
      const now = ctx.clock.nowMs();
      return teamView(ctx.store, ctx.accounts, requireTeam(ctx.store, ctx.account, now), now);
    }),

    route("team.info", (ctx) => {
      const teamId = ctx.query.team_id;
      const team = teamId ? visibleTeam(ctx.store, ctx.account, teamId) : requireTeam(ctx.store, ctx.account, ctx.clock.nowMs());
      return info(ctx, team);
    }),

    route("team.create", (ctx) => {
      // The live test asserts "already have a team" (S4 test_team.py::test_create_team).
      if (ctx.account.team_id) throw badRequest("You already have a team: leave it before creating another");
      const team: TeamRecord = {
        team_id: newId(),
        name: ctx.body.name ?? TEAM_DEFAULT_NAME,
        parent_team_id: null,
        created_at: ctx.clock.now(),
        members: [{ account_id: ctx.account.account_id, role: "Admin" }],
        invites: [],
      };
      const hidden = hiddenUntil(ctx.options, "teamVisibilityDelayMs", ctx.clock.nowMs());
      if (hidden !== undefined) team.visible_at_ms = hidden;
      saveTeam(ctx.store, team);
      ctx.accounts.update(ctx.account.account_id, (a) => (a.team_id = team.team_id));
      return teamView(ctx.store, ctx.accounts, team);
    }),

    route("team.update", (ctx) => {
      const team = teamToChange(ctx.store, ctx.account, "Could not update, none exists.");
      const { name } = ctx.body;
      if (name !== undefined) {
        team.name = name;
        saveTeam(ctx.store, team);
      }
      return teamView(ctx.store, ctx.accounts, team);
    }),

    route("team.destroy", (ctx) => {
      const team = teamToChange(ctx.store, ctx.account, "No team to delete");
      if (team.members.length > 1) throw badRequest("The team can only be destroyed while you are its only member");
      // Empty sub teams go with the team; sub teams with members keep it alive.
      const below = subtree(ctx.store, team).slice(1);
      if (below.some((t) => t.members.length > 0)) throw badRequest("The team has sub teams with members");
      for (const t of [team, ...below]) teams(ctx.store).delete(t.team_id);
      ctx.accounts.update(ctx.account.account_id, (a) => (a.team_id = null));
    }),

    route("team.add_member", addMember),
    route("team.remove_member", removeMember),

    route("team.members", (ctx) => {
      const team = visibleTeam(ctx.store, ctx.account, ctx.params.team_id);
      const members = team.members.flatMap((m) => {
        const a = ctx.accounts.byId(m.account_id);
        return a ? [{ account_id: a.account_id, email_address: a.email_address, role: m.role }] : [];
      });
      const page = paginate(members, ctx.query);
      // The spec's key (the official SDK reads it); the real service's example says `members`.
      return page;
    }),

    route("team.sub_teams", (ctx) => {
      const team = visibleTeam(ctx.store, ctx.account, ctx.params.team_id);
      const subs = teams(ctx.store)
        .filter((t) => t.parent_team_id === team.team_id)
        .map((t) => ({ team_id: t.team_id, name: t.name }));
      const page = paginate(subs, ctx.query);
      return page;
    }),

    route("team.invites", (ctx) => {
      const email = ctx.query.email_address?.toLowerCase();
      const own = ctx.account.team_id ? teams(ctx.store).get(ctx.account.team_id) : undefined;
      const sent = own ? subtree(ctx.store, own) : [];
      const items = teams(ctx.store)
        .list()
        .flatMap((t) =>
          pendingInvites(t)
            .filter((i) => sent.some((s) => s.team_id === t.team_id) || i.account_id === ctx.account.account_id)
            .map((i) => ({
              email_address: i.email_address,
              team_id: t.team_id,
              role: i.role,
              sent_at: i.sent_at,
              expires_at: i.expires_at,
              ...(i.redeemed_at === null ? {} : { redeemed_at: i.redeemed_at }),
            })),
        )
        .filter((i) => email === undefined || i.email_address.toLowerCase() === email);
      return { items }; // not paginated: no list_info
    }),
  ],
  controlRoutes: teamControlRoutes,
};
