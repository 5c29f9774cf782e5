/**
 * ApiApp: an API app of the account.
 *
 * Replaces: nothing (a new `clientId` input adopts another app, which is a replace).
 * Updates in place (PUT /api_app/{client_id}): name, domains (a set), callbackUrl, oauth,
 * options, whiteLabelingOptions, customLogoFile (diffed by content hash, not path).
 * Calls: create POST /api_app (multipart when a logo is uploaded); read GET /api_app/{id};
 * update PUT /api_app/{id}; delete DELETE /api_app/{id} (404 = already gone).
 * Adoption: give `clientId` and create takes over that app (GET, then PUT only if the declared
 * settings differ) instead of making a new one.
 * Secrets: `oauthSecret` is a secret output; the app's OAuth secret is nowhere else in state.
 */
import * as pulumi from "@pulumi/pulumi";
import type { ResultOf } from "../contract";
import { apiAppCreateBody } from "../contract";
type ApiAppWire = ResultOf<"api_app.get">;
import { contractFailures } from "./support/check";
import { deepEqual, sameSet } from "./support/compare";
import { DiffRules } from "./support/diff";
import { hashFile, readLocalFile } from "./support/files";
import { fromWire, toWire } from "./support/naming";
import { Props, ResourceImpl } from "./support/resource";
import { providerStub } from "./support/stub";

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

export class ApiApp extends pulumi.dynamic.Resource {
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
    super(providerStub("ApiApp"), name, { ...outputs, ...args },
      pulumi.mergeOptions(opts, { additionalSecretOutputs: ["oauthSecret"] }), "esign", "ApiApp");
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
  if (!rules.oauth.equal!(olds.oauth, news.oauth) && wire.oauth) body.oauth = wire.oauth;
  if (!deepEqual(olds.options, news.options)) body.options = wire.options ?? { can_insert_everywhere: false };
  if (!deepEqual(olds.whiteLabelingOptions, news.whiteLabelingOptions)) {
    body.white_labeling_options = wire.white_labeling_options ?? { reset_to_default: true };
  }
  if (olds.customLogoFileHash !== news.customLogoFileHash) Object.assign(body, logoUpload(news));
  return body;
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
    if (inputs.clientId) {
      const existing = await ctx.client.apiApp.get(inputs.clientId);
      const current = outputsOf(existing, inputs);
      const body = updateBody(current, inputs);
      const app = Object.keys(body).length ? await ctx.client.apiApp.update(inputs.clientId, body) : existing;
      ctx.log(`adopted API app ${inputs.clientId}`);
      return { id: app.client_id, outs: { ...outputsOf(app, inputs), customLogoFileHash: inputs.customLogoFileHash } };
    }
    const app = await ctx.client.apiApp.create({ ...wireBody(inputs), ...logoUpload(inputs) } as never);
    return { id: app.client_id, outs: { ...outputsOf(app, inputs), customLogoFileHash: inputs.customLogoFileHash } };
  },

  async read(ctx, id, props) {
    const app = await ctx.client.apiApp.get(id);
    return { ...outputsOf(app, props), customLogoFileHash: props.customLogoFileHash };
  },

  async update(ctx, id, olds, news) {
    const app = await ctx.client.apiApp.update(id, updateBody(olds, news) as never);
    return { ...outputsOf(app, news), customLogoFileHash: news.customLogoFileHash };
  },

  async delete(ctx, id) {
    await ctx.client.apiApp.delete(id);
  },
};
