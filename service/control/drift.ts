/**
 * @module service/control/drift
 * Out-of-band edits under /_local/: what a person could change in the web UI behind the
 * provider's back (rename an app, remove a team member, revoke template access ...), so
 * drift detection and refresh can be tested. Also accepting team invitations.
 */
import type { ServiceContext } from "../kernel";
import { badRequest, notFound } from "../http/errors";
import { newId, newSecret } from "../http/ids";
import { apiApps } from "../areas/api-apps/model";
import { acceptInvite, leaveTeam, saveTeam, teams, type TeamRecord } from "../areas/team/model";
import { templates } from "../areas/templates/model";
import { faxLines } from "../areas/fax-lines";
import type { Table } from "../store/types";
import { ok, type ControlRoute } from "../kernel";

type Check = (v: unknown) => boolean;
const isString: Check = (v) => typeof v === "string";
const isObject: Check = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
const orNull = (c: Check): Check => (v) => v === null || c(v);
const isOAuth: Check = (v) =>
  isObject(v) && isString((v as { callback_url?: unknown }).callback_url) && Array.isArray((v as { scopes?: unknown }).scopes);

/** Fields of the stored API app a UI edit may change, with the shape each must keep. */
const APP_FIELDS: Record<string, Check> = {
  name: isString,
  callback_url: orNull(isString),
  domains: (v) => Array.isArray(v) && v.every(isString),
  is_approved: (v) => typeof v === "boolean",
  oauth: orNull(isOAuth),
  options: isObject,
  white_labeling_options: orNull(isObject),
};
const TEMPLATE_FIELDS: Record<string, Check> = {
  title: isString,
  subject: orNull(isString),
  message: isString,
  metadata: isObject,
  is_locked: (v) => typeof v === "boolean",
};

/** Copies the allowed fields of `body` onto `target`; a field of the wrong shape is a 400. */
function applyFields(target: Record<string, unknown>, body: Record<string, unknown>, fields: Record<string, Check>): void {
  for (const [k, check] of Object.entries(fields)) {
    if (!(k in body)) continue;
    if (!check(body[k])) throw badRequest(`${k} has the wrong type`, k);
  }
  for (const k of Object.keys(fields)) if (k in body) target[k] = body[k];
}

function stringField(v: unknown, name: string): string {
  if (typeof v !== "string" || v === "") throw badRequest(`${name} is required`, name);
  return v;
}

export function driftRoutes(svc: ServiceContext): ControlRoute[] {
  const { store } = svc;
  const teamFor = (body: Record<string, unknown>): TeamRecord => {
    const id = typeof body.team_id === "string" ? body.team_id : svc.accounts.byId(String(body.account_id ?? ""))?.team_id;
    const t = id ? teams(store).get(id) : undefined;
    if (!t) throw notFound("Team not found (give team_id or account_id)");
    return t;
  };
  return [
    {
      method: "PATCH", path: "/api_apps/{client_id}", summary: `Edit an API app (${Object.keys(APP_FIELDS).join(", ")})`,
      handler: ({ params, body }) => {
        const app = apiApps(store).get(params.client_id);
        if (!app) throw notFound("API app not found");
        const secret = app.oauth?.secret;
        applyFields(app as unknown as Record<string, unknown>, body, APP_FIELDS);
        // OAuth settings edited in the UI keep their secret (or get one).
        if (app.oauth) app.oauth = { callback_url: app.oauth.callback_url, scopes: app.oauth.scopes, secret: secret ?? newSecret() };
        apiApps(store).put(app.client_id, app);
        return ok({ api_app: app });
      },
    },
    {
      method: "DELETE", path: "/api_apps/{client_id}", summary: "Delete an API app",
      handler: ({ params }) => {
        if (!apiApps(store).delete(params.client_id)) throw notFound("API app not found");
        return ok({ deleted: true });
      },
    },
    {
      method: "POST", path: "/invites/accept", summary: "Accept the outstanding team invitation of {email_address, team_id?}",
      handler: ({ body }) => {
        const team = acceptInvite(svc, stringField(body.email_address, "email_address"), typeof body.team_id === "string" ? body.team_id : undefined);
        return ok({ team_id: team.team_id, name: team.name });
      },
    },
    {
      method: "PATCH", path: "/team", summary: "Rename a team {team_id | account_id, name}",
      handler: ({ body }) => {
        const t = teamFor(body);
        t.name = stringField(body.name, "name");
        saveTeam(store, t);
        return ok({ team_id: t.team_id, name: t.name });
      },
    },
    {
      method: "DELETE", path: "/team/members/{account_id}", summary: "Take an account out of its team",
      handler: ({ params }) => {
        const a = svc.accounts.byId(params.account_id);
        const t = a?.team_id ? teams(store).get(a.team_id) : undefined;
        if (!a || !t) throw notFound("The account is not on a team");
        leaveTeam(svc, t, a.account_id);
        return ok({ removed: true });
      },
    },
    {
      method: "POST", path: "/teams/{team_id}/sub_teams", summary: "Create a sub team {name}",
      handler: ({ params, body }) => {
        if (!teams(store).get(params.team_id)) throw notFound("Team not found");
        const sub: TeamRecord = { team_id: newId(), name: stringField(body.name, "name"), parent_team_id: params.team_id, created_at: svc.clock.now(), members: [], invites: [] };
        saveTeam(store, sub);
        return ok({ team_id: sub.team_id, name: sub.name }, 201);
      },
    },
    {
      method: "PATCH", path: "/templates/{template_id}", summary: `Edit a template (${Object.keys(TEMPLATE_FIELDS).join(", ")})`,
      handler: ({ params, body }) => {
        const t = templates(store).get(params.template_id);
        if (!t) throw notFound("Template not found");
        applyFields(t as unknown as Record<string, unknown>, body, TEMPLATE_FIELDS);
        t.updated_at = svc.clock.now();
        templates(store).put(t.template_id, t);
        return ok({ template_id: t.template_id });
      },
    },
    {
      method: "DELETE", path: "/templates/{template_id}", summary: "Delete a template",
      handler: ({ params }) => {
        if (!templates(store).delete(params.template_id)) throw notFound("Template not found");
        return ok({ deleted: true });
      },
    },
    ...accountListRoutes(svc, "/templates/{template_id}", "template_id", "template", () => templates(store)),
    {
      method: "DELETE", path: "/fax_lines/{number}", summary: "Release a fax line",
      handler: ({ params }) => {
        if (!faxLines(store).delete(params.number)) throw notFound("Fax line not found");
        return ok({ deleted: true });
      },
    },
    ...accountListRoutes(svc, "/fax_lines/{number}", "number", "fax line", () => faxLines(store)),
  ];
}

/**
 * Granting and withdrawing access out of band on a parent that lists account ids (templates,
 * fax lines): the same two edits on two tables.
 */
function accountListRoutes<T extends { accounts: string[] }>(
  svc: ServiceContext, base: string, param: string, label: string, table: () => Table<T>,
): ControlRoute[] {
  const parent = (id: string) => {
    const found = table().get(id);
    if (!found) throw notFound(`${label[0].toUpperCase()}${label.slice(1)} not found`);
    return found;
  };
  return [
    {
      method: "POST", path: `${base}/users`, summary: `Give {account_id} access to a ${label}`,
      handler: ({ params, body }) => {
        const id = stringField(body.account_id, "account_id");
        const p = parent(params[param]);
        if (!svc.accounts.byId(id)) throw notFound("Account not found");
        if (!p.accounts.includes(id)) p.accounts.push(id);
        table().put(params[param], p);
        return ok({ accounts: p.accounts });
      },
    },
    {
      method: "DELETE", path: `${base}/users/{account_id}`, summary: `Withdraw an account's access to a ${label}`,
      handler: ({ params }) => {
        const p = parent(params[param]);
        p.accounts = p.accounts.filter((a) => a !== params.account_id);
        table().put(params[param], p);
        return ok({ accounts: p.accounts });
      },
    },
  ];
}
