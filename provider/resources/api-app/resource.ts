/**
 * ApiApp: an API app of the account.
 *
 * Replaces: nothing (a new `clientId` input adopts another app, which is a replace).
 * Updates in place (PUT /api_app/{client_id}): name, domains (a set), callbackUrl, oauth,
 * options, whiteLabelingOptions, customLogoFile (diffed by content hash, not path).
 * Calls: create GET /api_app/list (100 a page), read ONCE per provider process and shared,
 * then POST /api_app (multipart when a logo is uploaded), then GET /api_app/{id} until the new
 * app is readable (the read-after-create lag, D120); read: the same shared app list
 * (GET /api_app/{id} only for an app missing from it); update PUT /api_app/{id};
 * delete DELETE /api_app/{id} (404 = already gone).
 * Adoption, only when asked (D35): `clientId` takes over that app; `adopt: true` the caller's
 * own app with this name and domain set (GET /account too), refused when none or several
 * match. Either brings the declared settings in line (PUT only if they differ) and is an engine
 * warning naming the app. Without them create always makes a new app.
 * Idempotent create without adoption by name (D8): after a create that failed without an
 * answer (5xx or network: it may have been committed), the list is read again and only an app
 * with this name and domains that was not there before the first attempt is kept; none = sent
 * again, at most 3 sends (made/once.ts, shared by every kind: D90).
 * Secrets: `oauthSecret` is a secret output; the app's OAuth secret is nowhere else in state.
 */
import type { BodyOf } from "../../../contract";
import { apiAppCreateBody } from "../../../contract";
import { announceAdoption } from "../shared/adoption";
import { cacheKeys } from "../shared/cache-keys";
import { deepEqual, givenEquals, sameSet } from "../../core/compare";
import type { ProviderContext } from "../../deployment/context";
import { DiffRules } from "../../core/diff";
import { hashFile, readLocalFile } from "../../core/files";
import { fromWire, toWire } from "../../core/naming";
import { afterLag } from "../../core/read-lag";
import { finishing } from "../../core/unfinished-create";
import { isEsignApiError } from "../../client/errors";
import { hold, isHeld } from "../../made/once";
import type { Given, ResourceImpl } from "../../core/resource";
import { API_APP_KIND, createAppOnce, lowerSet, ownAppsLike, visibleApps, type ApiAppWire } from "./made";
import type { ApiAppInputs, ApiAppState } from "./schema";

type OAuth = ApiAppInputs["oauth"];

const sameOAuth = (a: OAuth, b: OAuth) => (a?.callbackUrl ?? null) === (b?.callbackUrl ?? null) && sameSet(a?.scopes, b?.scopes);

const rules: DiffRules = {
  clientId: { change: "replace", equal: givenEquals() },
  // Only create reads it: once the app is held, turning it off or on changes nothing.
  adopt: { change: "ignore" },
  name: { change: "update" },
  domains: { change: "update", equal: lowerSet },
  callbackUrl: { change: "update" },
  oauth: { change: "update", equal: (a, b) => (a == null && b == null) || (a != null && b != null && sameOAuth(a, b)) },
  // Left out or null in some answers (§9 finding 5; an app fixture without either): not a change (D129).
  options: { change: "update", mayBeUnreported: true },
  whiteLabelingOptions: { change: "update", mayBeUnreported: true },
  customLogoFile: { change: "ignore" },
  customLogoFileHash: { change: "update" },
};

/** Pulumi inputs (as given, at check) -> the wire body (without the logo upload). */
function wireBody(inputs: Given<ApiAppInputs>): BodyOf<"api_app.create"> {
  const { name, domains, callbackUrl, oauth, options, whiteLabelingOptions } = inputs;
  return toWire<BodyOf<"api_app.create">>({ name, domains, callbackUrl, oauth, options, whiteLabelingOptions });
}

/** The create request: the wire body with the logo upload. */
const createBody = (inputs: ApiAppInputs): BodyOf<"api_app.create"> => ({ ...wireBody(inputs), ...logoUpload(inputs) });

/** The service's app -> outputs (the OAuth secret kept apart, as a secret output). */
function outputsOf(app: ApiAppWire, inputs: ApiAppInputs): ApiAppState {
  // The contract lets the service leave out name, created_at and the OAuth callback (the
  // OpenAPI requires nothing); ours always sends them, and the fallbacks keep the state typed.
  return {
    ...inputs,
    clientId: app.client_id,
    name: app.name ?? inputs.name,
    domains: app.domains ?? [],
    callbackUrl: app.callback_url ?? undefined,
    oauth: app.oauth ? { callbackUrl: app.oauth.callback_url ?? "", scopes: app.oauth.scopes ?? [] } : undefined,
    oauthSecret: app.oauth?.secret ?? undefined,
    options: declaredOf(app.options, inputs.options),
    whiteLabelingOptions: app.white_labeling_options ? declaredOf(app.white_labeling_options, inputs.whiteLabelingOptions) : undefined,
    isApproved: app.is_approved ?? false,
    createdAt: app.created_at ?? 0,
    ownerAccount: app.owner_account ? fromWire(app.owner_account) : undefined,
  };
}

/**
 * Only the keys the program manages are compared: the service fills in the rest with its
 * defaults (white labeling's 14 colours; `options.can_insert_everywhere`, recorded `true` on an
 * app created without options), which are not the program's and must never read as a change.
 */
function declaredOf<T extends object>(actual: Record<string, unknown> | null | undefined, declared: T | undefined): T | undefined {
  if (!declared) return undefined;
  const all = fromWire<Record<string, unknown>>(actual ?? {});
  // The declared object's keys with the service's values: T's shape, which fromEntries does not keep (cast).
  return Object.fromEntries(Object.keys(declared).map((k) => [k, all[k]])) as T;
}

function logoUpload(inputs: ApiAppInputs): Pick<BodyOf<"api_app.create">, "custom_logo_file"> {
  return inputs.customLogoFile ? { custom_logo_file: readLocalFile(inputs.customLogoFile) } : {};
}

/** The fields that changed, as an update body; a removed callbackUrl is cleared with "". */
function updateBody(olds: ApiAppState, news: ApiAppInputs): BodyOf<"api_app.update"> {
  const body: BodyOf<"api_app.update"> = {};
  const wire = wireBody(news);
  if (!deepEqual(olds.name, news.name)) body.name = wire.name;
  if (!rules.domains.equal!(olds.domains, news.domains)) body.domains = wire.domains;
  if (!deepEqual(olds.callbackUrl, news.callbackUrl)) body.callback_url = wire.callback_url ?? "";
  // An empty oauth object clears the app's OAuth settings.
  if (!rules.oauth.equal!(olds.oauth, news.oauth)) body.oauth = wire.oauth ?? {};
  if (!deepEqual(olds.options, news.options)) body.options = wire.options ?? { can_insert_everywhere: false };
  if (!deepEqual(olds.whiteLabelingOptions, news.whiteLabelingOptions)) {
    body.white_labeling_options = wire.white_labeling_options ?? { reset_to_default: true };
  }
  if (olds.customLogoFileHash !== news.customLogoFileHash) Object.assign(body, logoUpload(news));
  return body;
}

/** The caller's own apps with this name and domain set that no resource of this run holds. */
async function freeMatches(ctx: ProviderContext, inputs: ApiAppInputs): Promise<ApiAppWire[]> {
  return (await ownAppsLike(ctx, inputs)).filter((a) => !isHeld(ctx, API_APP_KIND, a.client_id));
}

/** Keeps the shared list in step with this process's writes instead of re-reading it. */
function remember(ctx: ProviderContext, app: ApiAppWire): void {
  hold(ctx, API_APP_KIND, app.client_id);
  ctx.cache.patch(cacheKeys.apiApps, (apps) => [...apps.filter((a) => a.client_id !== app.client_id), app]);
}

const nameOf = (app: ApiAppWire) => `API app "${app.name}" (client id ${app.client_id})`;

/** Brings an existing app in line with the program: PUT only when the declared settings differ. */
async function takeOver(ctx: ProviderContext, existing: ApiAppWire, inputs: ApiAppInputs): Promise<{ id: string; outs: ApiAppState }> {
  const body = updateBody(outputsOf(existing, inputs), inputs);
  const app = Object.keys(body).length ? await ctx.client.apiApp.update(existing.client_id, body) : existing;
  remember(ctx, app);
  return { id: app.client_id, outs: { ...outputsOf(app, inputs), customLogoFileHash: inputs.customLogoFileHash } };
}

/** An adoption the program asked for: taken over, and announced as an engine warning. */
async function adopt(ctx: ProviderContext, existing: ApiAppWire, inputs: ApiAppInputs, how: string): Promise<{ id: string; outs: ApiAppState }> {
  const taken = await takeOver(ctx, existing, inputs);
  await announceAdoption(ctx, { type: "ApiApp", object: nameOf(existing), how });
  return taken;
}

/** `adopt: true`: exactly one free app of the caller's with this name and domain set, or a one-line refusal. */
async function adoptByName(ctx: ProviderContext, inputs: ApiAppInputs): Promise<{ id: string; outs: ApiAppState }> {
  const found = await freeMatches(ctx, inputs);
  const what = `an app of yours named "${inputs.name}" with domains ${JSON.stringify(inputs.domains)}`;
  if (found.length === 0) {
    throw new Error(`ApiApp adopt: true: there is no ${what.slice(3)} that another resource of this stack does not already hold; remove adopt to create one, or give clientId`);
  }
  if (found.length > 1) {
    throw new Error(`ApiApp adopt: true: ${found.length} apps match ${what} (${found.map((a) => a.client_id).join(", ")}); give the one to adopt as clientId`);
  }
  return adopt(ctx, found[0], inputs, "adopt: true, matched by name and domains");
}

/**
 * The real service refuses a second app of one name ("An app with the same name already
 * exists": real-service-evidence.md §2, live test 2017; its status was not recorded): said in
 * one line naming the app and the two ways on, taking it over (D35) or another name.
 */
function nameTaken(error: unknown, inputs: ApiAppInputs): Error | undefined {
  if (!isEsignApiError(error) || error.status < 400 || error.status >= 500 || !/same name already exists/i.test(error.errorMsg)) return undefined;
  return new Error(
    `API app "${inputs.name}": the account already has an app named "${inputs.name}" and the service refuses a second one (${error.status} "${error.errorMsg}"): ` +
      "if it is this stack's app under a key renamed in the account file, add previousKeys: [<the old key>] to the entry (aliases in a program), which keeps it (D125); " +
      "if it is not this stack's, add adopt: true (it must have these domains) or give its clientId to manage it here; to make another app, give this one another name",
  );
}

/**
 * POST /api_app, idempotent without adopting by name (D8, D90): the client ids that existed
 * before the first attempt are noted, and after a lost answer (5xx, network: it may have been
 * committed) only an app with this name and domains that was NOT there before is taken. Found =
 * kept, not found = sent again. When the look fails too, nobody can tell whether the app exists,
 * and a later run would not find it (no adoption by name): the error says so.
 */
async function createApp(ctx: ProviderContext, inputs: ApiAppInputs): Promise<{ id: string; outs: ApiAppState }> {
  let sent = false;
  const app = await createAppOnce(ctx, inputs, async () => {
    const made = await ctx.client.apiApp.create(createBody(inputs));
    sent = true;
    return made;
  });
  // An app found after a lost answer is brought in line (its answer was never read; the list showed it).
  if (!sent) return takeOver(ctx, app, inputs);
  remember(ctx, app);
  const madeAt = Date.now();
  // The service made it: a failure from here on carries its id (D121).
  return { id: app.client_id, outs: await finishing(app.client_id, { ...inputs, clientId: app.client_id }, () => settle(ctx, app.client_id, inputs, madeAt)) };
}

/**
 * An app just made, once GET /api_app/{id} shows it through the read-after-create lag (D120; the
 * vendor's live test re-reads a new app the same way), so what depends on it never meets a
 * service that does not know it yet.
 */
async function settle(ctx: ProviderContext, id: string, inputs: ApiAppInputs, madeAtMs: number): Promise<ApiAppState> {
  const app = await afterLag(ctx, `API app ${id}`, madeAtMs, () => ctx.client.apiApp.get(id));
  return { ...outputsOf(app, inputs), customLogoFileHash: inputs.customLogoFileHash };
}

export const apiAppImpl: ResourceImpl<ApiAppInputs, ApiAppState> = {
  rules,
  // Names are unique on the service (§2): an app of this name in the stack's state is that app (D125).
  identity: {
    ofNew: (inputs) => (inputs.adopt || inputs.clientId || typeof inputs.name !== "string" ? undefined : { property: "name", value: inputs.name, what: `API app "${inputs.name}"` }),
    ofHeld: (state) => (typeof state.name === "string" ? state.name : undefined),
  },
  request: { schema: apiAppCreateBody, body: wireBody },
  check(_olds, news) {
    if (news.customLogoFile === undefined) return { inputs: news };
    const hashed = hashFile(news.customLogoFile);
    return "error" in hashed ? { failures: [{ property: "customLogoFile", reason: hashed.error }] } : { inputs: { ...news, customLogoFileHash: hashed.hash } };
  },

  async create(ctx, inputs) {
    if (inputs.clientId) return adopt(ctx, await ctx.client.apiApp.get(inputs.clientId), inputs, "clientId was given");
    if (inputs.adopt) return adoptByName(ctx, inputs);
    return createApp(ctx, inputs).catch((error: unknown) => {
      throw nameTaken(error, inputs) ?? error;
    });
  },

  settle,

  async read(ctx, id, props) {
    // An app missing from the shared list is asked for directly (404 = gone).
    const app = (await visibleApps(ctx)).find((a) => a.client_id === id) ?? (await ctx.client.apiApp.get(id));
    return { ...outputsOf(app, props), customLogoFileHash: props.customLogoFileHash };
  },

  async update(ctx, id, olds, news) {
    const app = await ctx.client.apiApp.update(id, updateBody(olds, news));
    remember(ctx, app);
    return { ...outputsOf(app, news), customLogoFileHash: news.customLogoFileHash };
  },

  async delete(ctx, id) {
    await ctx.client.apiApp.delete(id);
    ctx.cache.patch(cacheKeys.apiApps, (apps) => apps.filter((a) => a.client_id !== id));
  },
};
