/**
 * @module service/control
 * The control plane under /_local/ (no auth, loopback only, JSON): accounts, reset, state
 * dump, outbox, callback events, request log, fault rules, OAuth tokens, and out-of-band
 * edits (drift.ts) that stand in for a person using the web UI.
 */
import type { App } from "../app";
import { defaultQuotas, isPlanName } from "../accounts/plans";
import type { Account, Quotas } from "../accounts/types";
import { badRequest, notFound } from "../http/errors";
import type { FaultInput } from "../http/faults";
import { apiApps } from "../areas/api-apps/model";
import { apiKeyRoutes } from "./api-keys";
import { driftRoutes } from "./drift";
import { signatureRequestControlRoutes } from "../areas/signature-requests";
import { ok, type ControlRoute } from "../kernel";

export type { ControlRoute } from "../kernel";

const str = (v: unknown, name: string, required = false): string | undefined => {
  if (v === undefined || v === null) {
    if (required) throw badRequest(`${name} is required`, name);
    return undefined;
  }
  if (typeof v !== "string") throw badRequest(`${name} must be a string`, name);
  return v;
};

const num = (v: unknown, name: string): number | undefined => {
  if (v === undefined || v === null) return undefined;
  const n = typeof v === "string" && v.trim() !== "" ? Number(v) : v;
  if (typeof n !== "number" || !Number.isFinite(n)) throw badRequest(`${name} must be a number`, name);
  return n;
};

function quotasOf(v: unknown): Partial<Quotas> | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== "object" || v === null || Array.isArray(v)) throw badRequest("quotas must be an object", "quotas");
  return v as Partial<Quotas>;
}

const accountOut = (a: Account) => ({
  account_id: a.account_id, email_address: a.email_address, api_key: a.api_key, api_keys: [a.api_key, ...(a.extra_api_keys ?? [])], plan: a.plan,
  quotas: a.quotas, team_id: a.team_id, callback_url: a.callback_url, confirmed: a.confirmed, addons: a.addons,
});

export function controlRoutes(app: App): ControlRoute[] {
  const own = builtInRoutes(app);
  // Areas contribute routes through Area.controlRoutes; signature requests' factory is listed
  // here too. The first route for a method + path wins, so listing it twice is harmless.
  const extra = [...app.areas.flatMap((a) => a.controlRoutes?.(app.svc) ?? []), ...signatureRequestControlRoutes(app.svc)];
  const all = [...own, ...extra];
  return all.filter((r, i) => all.findIndex((x) => x.method === r.method && x.path === r.path) === i);
}

function builtInRoutes(app: App): ControlRoute[] {
  const { svc } = app;
  const routes: ControlRoute[] = [
    {
      method: "GET", path: "/", summary: "This list of control routes",
      handler: () => ok({ routes: controlRoutes(app).map((r) => ({ method: r.method, path: `/_local${r.path}`, summary: r.summary })) }),
    },
    {
      method: "POST", path: "/accounts", summary: "Create an account {email_address?, plan?, quotas?, eid?, api_key?} -> {account_id, email_address, api_key}",
      handler: ({ body }) => {
        const plan = body.plan ?? "free";
        if (!isPlanName(plan)) throw badRequest("plan must be one of free, essentials, standard, premium, enterprise", "plan");
        const email = str(body.email_address, "email_address") ?? `user-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
        if (svc.accounts.byEmail(email)) throw badRequest(`An account for ${email} exists already`, "email_address");
        const key = str(body.api_key, "api_key");
        if (key && svc.accounts.byApiKey(key)) throw badRequest("api_key is in use", "api_key");
        const a = svc.accounts.create({ email_address: email, plan, quotas: quotasOf(body.quotas), api_key: key, eid: body.eid === true });
        return ok(accountOut(a), 201);
      },
    },
    { method: "GET", path: "/accounts", summary: "All accounts with their keys", handler: () => ok({ accounts: svc.accounts.all().map(accountOut) }) },
    {
      method: "PATCH", path: "/accounts/{account_id}", summary: "Change plan, quotas, eid, callback_url, is_locked or email_address (the person changed their address) of an account",
      handler: ({ params, body }) => {
        // A field this route would ignore is refused: a silent no-op reads as a change made.
        const unknown = Object.keys(body).find((k) => !PATCHABLE.includes(k));
        if (unknown) {
          const hint = unknown === "api_key" ? ": keys are added with POST and revoked with DELETE /_local/accounts/{account_id}/api_keys" : "";
          throw badRequest(`${unknown} cannot be changed here (only ${PATCHABLE.join(", ")})${hint}`, unknown);
        }
        if (body.plan !== undefined && !isPlanName(body.plan)) throw badRequest("unknown plan", "plan");
        const quotas = quotasOf(body.quotas);
        const email = body.email_address === undefined ? undefined : str(body.email_address, "email_address");
        if (email !== undefined) {
          if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw badRequest("email_address must be an e-mail address", "email_address");
          const holder = svc.accounts.byEmail(email);
          if (holder && holder.account_id !== params.account_id) throw badRequest(`An account for ${email} exists already`, "email_address");
        }
        const a = svc.accounts.update(params.account_id, (acc) => {
          if (email !== undefined) acc.email_address = email;
          // A plan change resets quotas to the new plan's defaults; explicit quotas then apply.
          if (isPlanName(body.plan) && body.plan !== acc.plan) {
            acc.plan = body.plan;
            acc.quotas = defaultQuotas(body.plan);
          }
          if (quotas) acc.quotas = { ...acc.quotas, ...quotas };
          if (typeof body.eid === "boolean") acc.addons.eid = body.eid;
          if (body.callback_url !== undefined) acc.callback_url = str(body.callback_url, "callback_url") || null;
          if (typeof body.is_locked === "boolean") acc.is_locked = body.is_locked;
        });
        if (!a) throw notFound("Account not found");
        return ok(accountOut(a));
      },
    },
    {
      method: "POST", path: "/reset", summary: "Forget all state (the start account is kept, fresh)",
      handler: () => {
        const start = app.startAccount;
        app.store.reset();
        svc.accounts.save({ ...start, team_id: null, callback_url: null, quotas: { ...defaultQuotas(start.plan), ...app.options.quotas } });
        app.outbox.clear();
        app.events.clear();
        app.requestLog.clear();
        app.faults.clear();
        app.rateLimiter.reset();
        return ok({ reset: true });
      },
    },
    { method: "GET", path: "/state", summary: "Dump of every table", handler: () => ok(app.store.dump()) },
    {
      method: "GET", path: "/outbox", summary: "E-mails sent (?to=&kind=)",
      handler: ({ query }) => ok({ emails: app.outbox.list({ to: str(query.to, "to"), kind: str(query.kind, "kind") }) }),
    },
    { method: "DELETE", path: "/outbox", summary: "Empty the outbox", handler: () => (app.outbox.clear(), ok({ cleared: true })) },
    {
      method: "GET", path: "/events", summary: "Callback events with delivery attempts and receiver answers (?event_type=&account_id=)",
      handler: ({ query }) => {
        const type = str(query.event_type, "event_type");
        const account = str(query.account_id, "account_id");
        return ok({ events: app.events.list().filter((e) => (!type || e.event_type === type) && (!account || e.account_id === account)) });
      },
    },
    { method: "DELETE", path: "/events", summary: "Forget recorded events", handler: () => (app.events.clear(), ok({ cleared: true })) },
    {
      method: "GET", path: "/requests", summary: "Request log (?account_id=&since=<seq>)",
      handler: ({ query }) => {
        const requests = app.requestLog.query({ account_id: str(query.account_id, "account_id"), since: num(query.since, "since") });
        return ok({ requests, last_seq: app.requestLog.lastSeq });
      },
    },
    { method: "DELETE", path: "/requests", summary: "Clear the request log", handler: () => (app.requestLog.clear(), ok({ cleared: true })) },
    {
      method: "POST", path: "/faults", summary: "Add a fault rule {method?, path, status?|drop?, count?|ratio?, delay_ms?, after?, reset_after_s?, duration_ms?, error_name?, error_msg?}",
      handler: ({ body }) => ok({ fault: app.faults.add(faultInput(body)) }, 201),
    },
    { method: "GET", path: "/faults", summary: "Active fault rules", handler: () => ok({ faults: app.faults.list() }) },
    { method: "DELETE", path: "/faults", summary: "Remove every fault rule", handler: () => (app.faults.clear(), ok({ cleared: true })) },
    {
      method: "POST", path: "/oauth/token", summary: "Mint a bearer token {account_id, client_id} for an OAuth-enabled app",
      handler: ({ body }) => {
        const account_id = str(body.account_id, "account_id", true)!;
        const client_id = str(body.client_id, "client_id", true)!;
        if (!svc.accounts.byId(account_id)) throw notFound("Account not found", "account_id");
        const appRec = apiApps(svc.store).get(client_id);
        if (!appRec) throw notFound("API app not found", "client_id");
        if (!appRec.oauth) throw badRequest("The API app has no OAuth settings", "client_id");
        const t = svc.accounts.mintToken(account_id, client_id);
        return ok({ access_token: t.access_token, token_type: "bearer", expires_in: 3600 }, 201);
      },
    },
    ...apiKeyRoutes(svc),
    ...driftRoutes(svc),
  ];
  return routes;
}

const PATCHABLE = ["plan", "quotas", "eid", "callback_url", "is_locked", "email_address"];

function flag(v: unknown, name: string): boolean | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== "boolean") throw badRequest(`${name} must be a boolean`, name);
  return v;
}

function faultInput(body: Record<string, unknown>): FaultInput {
  const path = str(body.path, "path", true)!;
  const status = num(body.status, "status");
  const delay_ms = num(body.delay_ms, "delay_ms");
  const after = flag(body.after, "after");
  const reset_after_s = num(body.reset_after_s, "reset_after_s");
  const duration_ms = num(body.duration_ms, "duration_ms");
  const drop = flag(body.drop, "drop");
  if (status === undefined && delay_ms === undefined && !drop) throw badRequest("a fault needs status, drop and/or delay_ms", "status");
  if (status !== undefined && (status < 100 || status > 599 || !Number.isInteger(status))) throw badRequest("status must be an HTTP status", "status");
  const ratio = num(body.ratio, "ratio");
  if (ratio !== undefined && (ratio < 0 || ratio > 1)) throw badRequest("ratio must be within 0..1", "ratio");
  const count = num(body.count, "count");
  if (count !== undefined && (count < 0 || !Number.isInteger(count))) throw badRequest("count must be a non-negative integer", "count");
  return {
    method: str(body.method, "method")?.toUpperCase(), path, status, count, ratio, delay_ms,
    error_name: str(body.error_name, "error_name"), error_msg: str(body.error_msg, "error_msg"),
    ...(after ? { after } : {}), ...(drop ? { drop } : {}), ...(reset_after_s !== undefined ? { reset_after_s } : {}),
    ...(duration_ms !== undefined ? { duration_ms } : {}),
  };
}
