/**
 * @module service/control/accounts
 * Accounts under /_local/: create one (with plan, quotas, key), list them with their keys,
 * change what a person could change on the settings page, mint an OAuth token.
 */
import { z } from "zod";
import { defaultQuotas } from "../accounts/plans";
import type { Account } from "../accounts/types";
import { apiApps } from "../areas/api-apps/model";
import { badRequest, notFound } from "../http/errors";
import { controlRoute, ok, type ControlRoute, type ServiceContext } from "../kernel";
import { planName, quotasInput, required } from "./fields";

const accountOut = (a: Account) => ({
  account_id: a.account_id,
  email_address: a.email_address,
  api_key: a.api_key,
  api_keys: [a.api_key, ...(a.extra_api_keys ?? [])],
  plan: a.plan,
  quotas: a.quotas,
  team_id: a.team_id,
  callback_url: a.callback_url,
  confirmed: a.confirmed,
  addons: a.addons,
});

const newAccountBody = z.object({
  email_address: z.string().nullish(),
  plan: planName.nullish(),
  quotas: quotasInput.optional(),
  eid: z.boolean().optional(),
  fax: z.boolean().optional(),
  api_key: z.string().nullish(),
});

const PATCHABLE = ["plan", "quotas", "eid", "fax", "callback_url", "is_locked", "email_address"];

/** A field this route would ignore is refused: a silent no-op reads as a change made. */
const accountPatchBody = z.strictObject(
  {
    plan: planName.optional(),
    quotas: quotasInput.optional(),
    eid: z.boolean().optional(),
    fax: z.boolean().optional(),
    callback_url: z.string().nullish(),
    is_locked: z.boolean().optional(),
    // null leaves the address as it is.
    email_address: z
      .string()
      .regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, "must be an e-mail address")
      .nullish(),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `cannot be changed here (only ${PATCHABLE.join(", ")})${issue.keys[0] === "api_key" ? ": keys are added with POST and revoked with DELETE /_local/accounts/{account_id}/api_keys" : ""}`
        : undefined,
  },
);

const tokenBody = z.object({ account_id: required, client_id: required });

export function accountRoutes(svc: ServiceContext): ControlRoute[] {
  return [
    controlRoute({
      method: "POST",
      path: "/accounts",
      summary: "Create an account {email_address?, plan?, quotas?, eid?, fax?, api_key?} -> {account_id, email_address, api_key}",
      body: newAccountBody,
      handler: ({ body }) => {
        const email = body.email_address ?? `user-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
        if (svc.accounts.byEmail(email)) throw badRequest(`An account for ${email} exists already`, "email_address");
        const key = body.api_key ?? undefined;
        if (key && svc.accounts.byApiKey(key)) throw badRequest("api_key is in use", "api_key");
        const a = svc.accounts.create({ email_address: email, plan: body.plan ?? "free", quotas: body.quotas, api_key: key, eid: body.eid === true, fax: body.fax === true });
        return ok(accountOut(a), 201);
      },
    }),
    { method: "GET", path: "/accounts", summary: "All accounts with their keys", handler: () => ok({ accounts: svc.accounts.all().map(accountOut) }) },
    controlRoute({
      method: "PATCH",
      path: "/accounts/{account_id}",
      summary: "Change plan, quotas, eid, fax, callback_url, is_locked or email_address (the person changed their address) of an account",
      body: accountPatchBody,
      handler: ({ params, body }) => {
        const email = body.email_address ?? undefined;
        if (email !== undefined) {
          const holder = svc.accounts.byEmail(email);
          if (holder && holder.account_id !== params.account_id) throw badRequest(`An account for ${email} exists already`, "email_address");
        }
        const a = svc.accounts.update(params.account_id, (acc) => {
          if (email !== undefined) acc.email_address = email;
          // A plan change resets quotas to the new plan's defaults; explicit quotas then apply.
          if (body.plan !== undefined && body.plan !== acc.plan) {
            acc.plan = body.plan;
            acc.quotas = defaultQuotas(body.plan);
          }
          if (body.quotas) acc.quotas = { ...acc.quotas, ...body.quotas };
          if (body.eid !== undefined) acc.addons.eid = body.eid;
          if (body.fax !== undefined) acc.addons.fax = body.fax;
          if (body.callback_url !== undefined) acc.callback_url = body.callback_url || null;
          if (body.is_locked !== undefined) acc.is_locked = body.is_locked;
        });
        if (!a) throw notFound("Account not found");
        return ok(accountOut(a));
      },
    }),
    controlRoute({
      method: "POST",
      path: "/oauth/token",
      summary: "Mint a bearer token {account_id, client_id} for an OAuth-enabled app",
      body: tokenBody,
      handler: ({ body: { account_id, client_id } }) => {
        if (!svc.accounts.byId(account_id)) throw notFound("Account not found", "account_id");
        const appRec = apiApps(svc.store).get(client_id);
        if (!appRec) throw notFound("API app not found", "client_id");
        if (!appRec.oauth) throw badRequest("The API app has no OAuth settings", "client_id");
        const t = svc.accounts.mintToken(account_id, client_id);
        return ok({ access_token: t.access_token, token_type: "bearer", expires_in: 3600 }, 201);
      },
    }),
  ];
}
