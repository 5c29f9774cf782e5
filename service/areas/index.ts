/**
 * @module service/areas
 * The registry of the interface's areas. Each area is one folder exporting an `Area`
 * (service/kernel/area.ts): a name, its routes, optional control routes and an onStart hook.
 *
 * How to add an area (part 2: signature-requests, unclaimed-drafts, faxes, reports, detection):
 *   1. service/areas/<area>/index.ts: `export const area: Area = { name, routes: [...] }`.
 *      `route("fax.get", handler)` (service/http/route.ts) takes method, path and auth mode
 *      from the contract, validates params/query/body with it before calling the handler and
 *      types ctx.params/query/body as ParamsOf/QueryOf/BodyOf<"fax.get"> (no casts); a helper
 *      the handler passes ctx to takes `RequestContext<"fax.get">`. The handler returns the
 *      value of the operation's response schema (`AnswerOf<"fax.get">`: the resource, a page
 *      `{ items, list_info }`, or nothing; `annotate(value, { warnings })` to add warnings):
 *      the pipeline wraps it under the contract's key. Routes outside the table:
 *      `offContractRoute` (a response spec of their own) or `rawRoute` (file downloads).
 *   2. Add one import line below and the area to `areas`.
 *
 * A handler gets a RequestContext: ctx.account (the caller), ctx.params/query/body/files,
 * ctx.store.table<T>("name") (get/put/delete/list; durable with --data),
 * ctx.clock.now() (Unix seconds), ctx.events.emit({event_type, account_id, client_id, payload}),
 * ctx.outbox.send({to, subject, kind}), ctx.accounts (lookup/create/quotas/plan capabilities),
 * and ctx.schedule(ms, task) for asynchronous work; it throws
 * ApiError(status, error_name, msg, path) (service/http/errors.ts) for any failure.
 * Helpers: service/http/pagination.ts (paginate), service/http/ids.ts (newId, newClientId),
 * service/accounts/summary.ts (accountSummary), service/http/route.ts (route(op, handler)).
 * An area may also contribute control-plane routes (`controlRoutes(svc)`, mounted under
 * /_local/, no auth; `controlRoute({ ..., body: zodSchema, handler })` validates and types the
 * body) and an `onStart(svc)` hook (runs after the journal is replayed).
 */
import { operation } from "../../contract";
import type { Area, Route } from "../kernel";
import { servesHiddenRoutes, type ResponseDialect } from "../options";
import { area as account } from "./account";
import { area as apiApps } from "./api-apps";
import { area as team } from "./team";
import { area as templates } from "./templates";
import { area as faxLines } from "./fax-lines";
// part 2 areas: one import line each, e.g.
// import { area as signatureRequests } from "./signature-requests";
import { area as signatureRequests } from "./signature-requests";
import { area as unclaimedDrafts } from "./unclaimed-drafts";
import { area as faxes } from "./faxes";
import { area as reports } from "./reports";
import { area as detection } from "./detection";

export const areas: Area[] = [account, apiApps, team, templates, faxLines, signatureRequests, unclaimedDrafts, faxes, reports, detection];

/**
 * Every API route the dialect serves, in registry order: a route the contract marks hidden
 * (`POST /template/update/{id}`) only under the legacy dialect; otherwise its path is one no
 * route answers (404 "Invalid URI...", as for any unknown path: D123).
 */
export function allRoutes(list: Area[] = areas, dialect: ResponseDialect = "current"): Route[] {
  const hidden = (r: Route) => r.operation !== undefined && operation(r.operation).hidden !== undefined;
  return list.flatMap((a) => a.routes).filter((r) => !hidden(r) || servesHiddenRoutes(dialect));
}
