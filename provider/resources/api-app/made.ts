/**
 * What an API app create whose answer never came made (DECISIONS D115, D8, D90): the caller's own
 * apps (GET /api_app/list, owner = the key's account) with the declared name and domain set. A
 * `clientId` names the one app an adoption takes over. The service refuses a second app of one
 * name, so at most one matches.
 */
import type { ResultOf } from "../../../contract";
import { sameSet } from "../../core/compare";
import type { Finder } from "../../made/finder";
import { unlessGone } from "../../core/resource";
import type { ProviderContext } from "../../deployment/context";
import { createOnce } from "../../made/once";
import { cacheKeys } from "../shared/cache-keys";
import type { ApiAppInputs } from "./schema";

export type ApiAppWire = ResultOf<"api_app.get">;

/** Domains compare as a set, without case. */
export const lowerSet = (a?: string[], b?: string[]) => sameSet(a, b, (d) => String(d).toLowerCase());

/** Every app the caller can see: read once (100 a page), shared by creates, reads and lookups (native/lookups.ts). */
export function visibleApps(ctx: ProviderContext): Promise<ApiAppWire[]> {
  return ctx.cache.get(cacheKeys.apiApps, () => ctx.client.collectAll(ctx.client.apiApp.list, {}, { pageSize: 100 }));
}

/** The caller's own app with these inputs' name and domain set. */
export async function ownAppsLike(ctx: ProviderContext, inputs: ApiAppInputs): Promise<ApiAppWire[]> {
  const [apps, me] = await Promise.all([visibleApps(ctx), ctx.account()]);
  return apps.filter((a) => a.owner_account?.account_id === me.accountId && a.name === inputs.name && lowerSet(a.domains ?? [], inputs.domains));
}

export const apiAppFinder: Finder<ApiAppInputs, ApiAppWire> = {
  async list(ctx, inputs) {
    if (inputs.clientId) return unlessGone(async () => [await ctx.client.apiApp.get(inputs.clientId!)], []);
    ctx.cache.invalidate(cacheKeys.apiApps);
    return ownAppsLike(ctx, inputs);
  },
  idOf: (a) => a.client_id,
  label: (a) => `API app "${a.name}" (client id ${a.client_id})`,
  madeAt: (a) => a.created_at,
  namedId: (inputs) => inputs.clientId,
  tellsApart: true,
};

/**
 * Adoption bookkeeping (not delete protection, which is deployment/claims.ts): the apps a resource
 * of this provider process already holds (made/once.ts), so two `adopt: true`
 * resources never take one app and a create's recovery never takes an app another create made.
 */
export const API_APP_KIND = "ApiApp";

/** POST /api_app sent so that a lost answer never leaves a second app: the one made, or the one found after a lost answer. */
export function createAppOnce(ctx: ProviderContext, inputs: ApiAppInputs, send: () => Promise<ApiAppWire>): Promise<ApiAppWire> {
  return createOnce(ctx, {
    kind: API_APP_KIND,
    what: `API app "${inputs.name}"`,
    finder: apiAppFinder,
    inputs,
    before: async () => new Set((await visibleApps(ctx)).map((a) => a.client_id)),
    send,
    ifUnknown: "the app may exist: if the web UI or `esign export` shows it, add adopt: true (or its clientId) before the next up, which otherwise creates another",
  });
}
