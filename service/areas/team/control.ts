/**
 * @module service/areas/team/control
 * Out-of-band team changes under /_local/: accepting an invitation (the invitee clicks the
 * e-mail's link), renaming a team, taking a member out, creating a sub team in the web UI.
 */
import { z } from "zod";
import { required } from "../../control/fields";
import { visibilityDelayRoutes } from "../../control/visibility-delay";
import { notFound } from "../../http/errors";
import { newId } from "../../http/ids";
import { controlRoute, ok, type ControlRoute, type ServiceContext } from "../../kernel";
import { acceptInvite, leaveTeam, saveTeam, teams, type TeamRecord } from "./model";

const inviteBody = z.object({ email_address: required, team_id: z.string().optional() });
const renameBody = z.object({ team_id: z.string().optional(), account_id: z.string().optional(), name: required });
const subTeamBody = z.object({ name: required });

export function teamControlRoutes(svc: ServiceContext): ControlRoute[] {
  const { store } = svc;
  const teamFor = (body: { team_id?: string; account_id?: string }): TeamRecord => {
    const id = body.team_id ?? svc.accounts.byId(body.account_id ?? "")?.team_id;
    const t = id ? teams(store).get(id) : undefined;
    if (!t) throw notFound("Team not found (give team_id or account_id)");
    return t;
  };
  return [
    controlRoute({
      method: "POST",
      path: "/invites/accept",
      summary: "Accept the outstanding team invitation of {email_address, team_id?}",
      body: inviteBody,
      handler: ({ body }) => {
        const team = acceptInvite(svc, body.email_address, body.team_id);
        return ok({ team_id: team.team_id, name: team.name });
      },
    }),
    controlRoute({
      method: "PATCH",
      path: "/team",
      summary: "Rename a team {team_id | account_id, name}",
      body: renameBody,
      handler: ({ body }) => {
        const t = teamFor(body);
        t.name = body.name;
        saveTeam(store, t);
        return ok({ team_id: t.team_id, name: t.name });
      },
    }),
    {
      method: "DELETE",
      path: "/team/members/{account_id}",
      summary: "Take an account out of its team",
      handler: ({ params }) => {
        const a = svc.accounts.byId(params.account_id);
        const t = a?.team_id ? teams(store).get(a.team_id) : undefined;
        if (!a || !t) throw notFound("The account is not on a team");
        leaveTeam(svc, t, a.account_id);
        return ok({ removed: true });
      },
    },
    controlRoute({
      method: "POST",
      path: "/teams/{team_id}/sub_teams",
      summary: "Create a sub team {name}",
      body: subTeamBody,
      handler: ({ params, body }) => {
        if (!teams(store).get(params.team_id)) throw notFound("Team not found");
        const sub: TeamRecord = { team_id: newId(), name: body.name, parent_team_id: params.team_id, created_at: svc.clock.now(), members: [], invites: [] };
        saveTeam(store, sub);
        return ok({ team_id: sub.team_id, name: sub.name }, 201);
      },
    }),
    ...visibilityDelayRoutes(svc, "team", "teamVisibilityDelayMs", "a new team or invitation"),
  ];
}
