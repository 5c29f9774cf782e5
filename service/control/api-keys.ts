/**
 * @module service/control/api-keys
 * An account's API keys, managed as on the real service's settings page: adding a key keeps
 * the old ones working (a rotation without downtime), revoking one makes it a 401 at once; at
 * most API_KEYS_MAX_PER_ACCOUNT keys an account, as documented.
 * Changes go through the accounts table, so a --data journal keeps them.
 */
import { z } from "zod";
import { API_KEYS_MAX_PER_ACCOUNT } from "../../contract/limits";
import { badRequest, notFound } from "../http/errors";
import { controlRoute, ok, type ControlRoute, type ServiceContext } from "../kernel";

const newKeyBody = z.strictObject(
  {
    api_key: z
      .string()
      .regex(/^\S{4,128}$/, "must be 4 to 128 characters without spaces")
      .optional(),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? "is not accepted here: only api_key may be given" : undefined) },
);

export function apiKeyRoutes(svc: ServiceContext): ControlRoute[] {
  return [
    {
      method: "GET",
      path: "/accounts/{account_id}/api_keys",
      summary: "The account's API keys -> {api_keys}",
      handler: ({ params }) => {
        const a = svc.accounts.byId(params.account_id);
        if (!a) throw notFound("Account not found", "account_id");
        return ok({ api_keys: svc.accounts.keysOf(a) });
      },
    },
    controlRoute({
      method: "POST",
      path: "/accounts/{account_id}/api_keys",
      summary: "Add an API key {api_key?} -> {api_key}; the account's other keys keep working",
      body: newKeyBody,
      handler: ({ params, body }) => {
        const account = svc.accounts.byId(params.account_id);
        if (!account) throw notFound("Account not found", "account_id");
        // The limit is documented (S22); the refusal's status and text are our guess (no source shows them).
        if (!svc.accounts.hasRoomForKey(account)) {
          throw badRequest(`An account can have at most ${API_KEYS_MAX_PER_ACCOUNT} active API keys: revoke one before adding another`, "api_key");
        }
        if (body.api_key !== undefined && svc.accounts.byApiKey(body.api_key)) throw badRequest("api_key is in use", "api_key");
        const api_key = svc.accounts.addKey(params.account_id, body.api_key)!;
        return ok({ account_id: params.account_id, api_key }, 201);
      },
    }),
    {
      method: "DELETE",
      path: "/accounts/{account_id}/api_keys/{api_key}",
      summary: "Revoke an API key: requests with it get 401 from now on",
      handler: ({ params }) => {
        const result = svc.accounts.revokeKey(params.account_id, params.api_key);
        if (!result) throw notFound("Account not found", "account_id");
        if (result === "unknown") throw notFound("The account has no such API key", "api_key");
        if (result === "last") throw badRequest("This is the account's only API key: add another one before revoking it", "api_key");
        return ok({ account_id: params.account_id, revoked: true });
      },
    },
  ];
}
