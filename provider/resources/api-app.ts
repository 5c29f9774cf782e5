/**
 * ApiApp: an API app of the account.
 *
 * Replaces: nothing (a new `clientId` input adopts another app, which is a replace).
 * Updates in place (PUT /api_app/{client_id}): name, domains (a set), callbackUrl, oauth,
 * options, whiteLabelingOptions, customLogoFile (diffed by content hash, not path).
 * Calls: create GET /api_app/list (100 a page) + GET /account, both read ONCE per provider
 * process and shared, then POST /api_app (multipart when a logo is uploaded); read: the same
 * shared app list (GET /api_app/{id} only for an app missing from it); update PUT /api_app/{id};
 * delete DELETE /api_app/{id} (404 = already gone).
 * Adoption: give `clientId` and create takes over that app (GET, then PUT only if the declared
 * settings differ) instead of making a new one.
 * Create is idempotent by natural key: an app OWNED BY THE CALLER with the same name and the
 * same set of domains (case-insensitive), not already taken by another resource in this run,
 * is adopted (then brought in line like `clientId`) instead of creating a second one. So an
 * `up` after a create whose answer was lost (network drop, 5xx after commit) does not make a
 * duplicate. Two ApiApps with the same name and domains in one account are therefore not
 * supported: give them distinct names. The same lookup (a fresh list read) follows a create
 * that failed ambiguously within one run (5xx or network error: it may have been committed):
 * found = adopted, not found = created again, at most CREATE_ATTEMPTS times.
 * Secrets: `oauthSecret` is a secret output; the app's OAuth secret is nowhere else in state.
 */
import * as pulumi from "@pulumi/pulumi";
import type { ResultOf } from "../contract";
import { apiAppCreateBody } from "../contract";
import { contractFailures } from "./support/check";
import { deepEqual, sameSet } from "./support/compare";
import type { ProviderContext } from "./support/context";
import { DiffRules } from "./support/diff";
import { hashFile, readLocalFile } from "./support/files";
import { fromWire, toWire } from "./support/naming";
import { isEsignApiError } from "../client/errors";
import { Props, ResourceImpl } from "./support/resource";
import { EsignResource } from "./support/esign-resource";

type ApiAppWire = ResultOf<"api_app.get">;

export interface ApiAppOAuthArgs {
  callbackUrl: pulumi.Input<string>;
  scopes: pulumi.Input<pulumi.Input<string>[]>;
}

export interface ApiAppArgs {
  name: pulumi.Input<string>;
  /** A set of at most 10 domains; order does not matter. */
  domains: pulumi.Input<pulumi.Input<string>[]>;
  callbackUrl?: pulumi.Input<string>;
  oauth?: pulumi.Input<ApiAppOAuthArgs>;
  options?: pulumi.Input<{ canInsertEverywhere?: pulumi.Input<boolean> }>;
  /** Keys of the API in camelCase: primaryButtonColor, legalVersion, ... (some plans only). */
  whiteLabelingOptions?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** Path of an image file; changes are detected by content. */
  customLogoFile?: pulumi.Input<string>;
  /** Adopt this existing app instead of creating one. */
  clientId?: pulumi.Input<string>;
}

export class ApiApp extends EsignResource {
  declare readonly name: pulumi.Output<string>;
  declare readonly domains: pulumi.Output<string[]>;
  declare readonly callbackUrl: pulumi.Output<string | undefined>;
  declare readonly oauth: pulumi.Output<{ callbackUrl: string; scopes: string[] } | undefined>;
  readonly clientId: pulumi.Output<string>;
  declare readonly oauthSecret: pulumi.Output<string | undefined>;
  declare readonly isApproved: pulumi.Output<boolean>;
  declare readonly createdAt: pulumi.Output<number>;
  declare readonly ownerAccount: pulumi.Output<{ accountId: string; emailAddress: string }>;

  constructor(name: string, args: ApiAppArgs, opts?: pulumi.CustomResourceOptions) {
    const outputs = { oauthSecret: undefined, isApproved: undefined, createdAt: undefined, ownerAccount: undefined, customLogoFileHash: undefined };
    super("ApiApp", name, { ...outputs, ...args }, pulumi.mergeOptions(opts, { additionalSecretOutputs: ["oauthSecret"] }));
    // The client id is the id, which stays known while the app is updated.
    this.clientId = this.id;
  }
}

const lowerSet = (a?: string[], b?: string[]) => sameSet(a, b, (d) => String(d).toLowerCase());
const sameOAuth = (a?: Props, b?: Props) =>
  (a?.callbackUrl ?? null) === (b?.callbackUrl ?? null) && sameSet(a?.scopes, b?.scopes);
/** A new clientId only matters when the program gives one (otherwise it is computed). */
const adoptedId = (o?: string, n?: string) => n === undefined || o === n;

const rules: DiffRules = {
  clientId: { change: "replace", equal: adoptedId },
  name: { change: "update" },
  domains: { change: "update", equal: lowerSet },
  callbackUrl: { change: "update" },
  oauth: { change: "update", equal: (a, b) => (a == null && b == null) || (a != null && b != null && sameOAuth(a, b)) },
  options: { change: "update" },
  whiteLabelingOptions: { change: "update" },
  customLogoFile: { change: "ignore" },
  customLogoFileHash: { change: "update" },
};

/** Pulumi inputs -> the wire body (without the logo upload). */
function wireBody(inputs: Props): Props {
  const { name, domains, callbackUrl, oauth, options, whiteLabelingOptions } = inputs;
  return toWire({ name, domains, callbackUrl, oauth, options, whiteLabelingOptions });
}

/** The service's app -> outputs (the OAuth secret kept apart, as a secret output). */
function outputsOf(app: ApiAppWire, inputs: Props): Props {
  const options = fromWire<Props>(app.options ?? undefined);
  const keepOptions = inputs.options !== undefined || (options && Object.values(options).some(Boolean));
  return {
    ...inputs,
    clientId: app.client_id,
    name: app.name,
    domains: app.domains ?? [],
    callbackUrl: app.callback_url ?? undefined,
    oauth: app.oauth ? { callbackUrl: app.oauth.callback_url, scopes: app.oauth.scopes ?? [] } : undefined,
    oauthSecret: app.oauth?.secret ?? undefined,
    options: keepOptions ? options : undefined,
    whiteLabelingOptions: app.white_labeling_options ? whiteLabelingOf(app.white_labeling_options, inputs.whiteLabelingOptions) : undefined,
    isApproved: app.is_approved ?? false,
    createdAt: app.created_at,
    ownerAccount: app.owner_account ? fromWire(app.owner_account) : undefined,
  };
}

/** Only the keys the program manages are compared; the service fills in the rest with defaults. */
function whiteLabelingOf(actual: Record<string, unknown>, declared: Props | undefined): Props | undefined {
  if (!declared) return undefined;
  const all = fromWire<Props>(actual);
  return Object.fromEntries(Object.keys(declared).map((k) => [k, all[k]]));
}

function logoUpload(inputs: Props): Props {
  return inputs.customLogoFile ? { custom_logo_file: readLocalFile(inputs.customLogoFile) } : {};
}

/** The fields that changed, as an update body; a removed callbackUrl is cleared with "". */
function updateBody(olds: Props, news: Props): Props {
  const body: Props = {};
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

const APPS_KEY = "api_apps";

/** Every app the caller can see: read once (100 a page), shared by creates, reads and lookups (native/lookups.ts). */
export function visibleApps(ctx: ProviderContext): Promise<ApiAppWire[]> {
  return ctx.cache.get(APPS_KEY, () => ctx.client.collectAll(ctx.client.apiApp.list, {}, { pageSize: 100 }));
}

function callerAccountId(ctx: ProviderContext): Promise<string> {
  return ctx.cache.get("account", async () => (await ctx.client.account.get()).account_id);
}

/** Apps taken by a resource in this provider process, so two creates never adopt one app. */
const claimed = new WeakMap<ProviderContext, Set<string>>();
function claim(ctx: ProviderContext, clientId: string): void {
  const set = claimed.get(ctx) ?? new Set<string>();
  set.add(clientId);
  claimed.set(ctx, set);
}

/** The caller's own app with this name and domains that nobody in this run has taken. */
async function sameApp(ctx: ProviderContext, inputs: Props): Promise<ApiAppWire | undefined> {
  const [apps, me] = await Promise.all([visibleApps(ctx), callerAccountId(ctx)]);
  const taken = claimed.get(ctx);
  return apps.find((a) => a.owner_account?.account_id === me && a.name === inputs.name &&
    lowerSet(a.domains ?? [], inputs.domains) && !taken?.has(a.client_id));
}

/** Keeps the shared list in step with this process's writes instead of re-reading it. */
function remember(ctx: ProviderContext, app: ApiAppWire): void {
  claim(ctx, app.client_id);
  ctx.cache.patch<ApiAppWire[]>(APPS_KEY, (apps) => [...apps.filter((a) => a.client_id !== app.client_id), app]);
}

/** Takes over an existing app: PUT only when the declared settings differ. */
async function adopt(ctx: ProviderContext, existing: ApiAppWire, inputs: Props): Promise<{ id: string; outs: Props }> {
  const body = updateBody(outputsOf(existing, inputs), inputs);
  const app = Object.keys(body).length ? await ctx.client.apiApp.update(existing.client_id, body as never) : existing;
  remember(ctx, app);
  ctx.log(`adopted API app ${app.client_id}`);
  return { id: app.client_id, outs: { ...outputsOf(app, inputs), customLogoFileHash: inputs.customLogoFileHash } };
}

const CREATE_ATTEMPTS = 3;

/** POST /api_app; when the answer is lost, looks the app up before trying again (no blind resend). */
async function createApp(ctx: ProviderContext, inputs: Props): Promise<{ id: string; outs: Props }> {
  for (let attempt = 1; ; attempt++) {
    try {
      const app = await ctx.client.apiApp.create({ ...wireBody(inputs), ...logoUpload(inputs) } as never);
      remember(ctx, app);
      return { id: app.client_id, outs: { ...outputsOf(app, inputs), customLogoFileHash: inputs.customLogoFileHash } };
    } catch (error) {
      if (!isEsignApiError(error) || !error.ambiguous || attempt >= CREATE_ATTEMPTS) throw error;
      ctx.cache.invalidate(APPS_KEY);
      const committed = await sameApp(ctx, inputs);
      if (committed) return adopt(ctx, committed, inputs);
      ctx.log(`API app "${inputs.name}": create failed without an answer (${error.status || error.code}) and was not committed; creating again`);
    }
  }
}

export const apiAppImpl: ResourceImpl = {
  rules,
  check(_olds, news) {
    const failures = contractFailures(apiAppCreateBody, wireBody(news), news);
    const inputs: Props = { ...news };
    if (typeof news.customLogoFile === "string") {
      const hashed = hashFile(news.customLogoFile);
      if ("error" in hashed) failures.push({ property: "customLogoFile", reason: hashed.error });
      else inputs.customLogoFileHash = hashed.hash;
    }
    return { inputs, failures };
  },

  async create(ctx, inputs) {
    if (inputs.clientId) return adopt(ctx, await ctx.client.apiApp.get(inputs.clientId), inputs);
    const existing = await sameApp(ctx, inputs);
    if (existing) return adopt(ctx, existing, inputs);
    return createApp(ctx, inputs);
  },

  async read(ctx, id, props) {
    // An app missing from the shared list is asked for directly (404 = gone).
    const app = (await visibleApps(ctx)).find((a) => a.client_id === id) ?? (await ctx.client.apiApp.get(id));
    return { ...outputsOf(app, props), customLogoFileHash: props.customLogoFileHash };
  },

  async update(ctx, id, olds, news) {
    const app = await ctx.client.apiApp.update(id, updateBody(olds, news) as never);
    remember(ctx, app);
    return { ...outputsOf(app, news), customLogoFileHash: news.customLogoFileHash };
  },

  async delete(ctx, id) {
    await ctx.client.apiApp.delete(id);
    ctx.cache.patch<ApiAppWire[]>(APPS_KEY, (apps) => apps.filter((a) => a.client_id !== id));
  },
};
