/**
 * The lookup functions (`esign:index:getAccount`, ...): one request each where the service
 * allows, through the same client and reads as the resources. A lookup that matches nothing,
 * or several objects, fails in one line naming what it looked for.
 */
import { visibleApps } from "../resources/api-app/made";
import { registry } from "../resources/registry";
import { fromWire } from "../core/naming";
import type { Deployment, ProviderContext } from "../deployment/context";
import { lookupOutputKeys } from "../schema/generate";
import { lookupSpecs } from "../schema/functions";
import { resourceSpecs } from "../schema/resources";
import { reveal, withSecrets, type Json } from "./secrets";
import { PACKAGE } from "./tokens";

type Lookup = (ctx: ProviderContext, args: Json) => Promise<Json>;

/** The one object a search found; none or several is an error naming the search. */
function single<T>(found: T[], what: string, ids: (t: T) => string, narrower: string): T {
  if (found.length === 1) return found[0];
  if (found.length === 0) throw new Error(`no ${what}`);
  throw new Error(`${found.length} objects match ${what} (${found.map(ids).join(", ")}): look it up by ${narrower}`);
}

function exactlyOne(fn: string, args: Json, a: string, b: string): void {
  const has = (k: string) => typeof args[k] === "string" && args[k] !== "";
  if (has(a) === has(b)) throw new Error(`${fn}: give exactly one of ${a} or ${b}`);
}

const readAs = (kind: string) => async (ctx: ProviderContext, id: string) => {
  const found = await registry[kind].read(ctx, id, {});
  if (!found) throw new Error(`no ${kind} ${id}`);
  return found;
};

const LOOKUPS: Record<string, Lookup> = {
  async getAccount(ctx) {
    // The account pin's read (once per provider process), not a second GET /account.
    return fromWire<Json>((await ctx.account()).answer);
  },
  async getTeam(ctx) {
    return fromWire<Json>(await ctx.client.team.info());
  },
  async getTemplate(ctx, args) {
    exactlyOne("getTemplate", args, "templateId", "title");
    if (args.templateId) return readAs("Template")(ctx, args.templateId);
    const matches: Json[] = [];
    for await (const t of ctx.client.paginate(ctx.client.template.list, {}, { pageSize: 100 })) if (t.title === args.title) matches.push(t);
    const one = single(matches, `template titled ${JSON.stringify(args.title)}`, (t) => t.template_id, "templateId");
    return readAs("Template")(ctx, one.template_id);
  },
  async getApiApp(ctx, args) {
    exactlyOne("getApiApp", args, "clientId", "name");
    if (args.clientId) return readAs("ApiApp")(ctx, args.clientId);
    const apps = (await visibleApps(ctx)).filter((a) => a.name === args.name);
    const one = single(apps, `API app named ${JSON.stringify(args.name)}`, (a) => a.client_id, "clientId");
    return readAs("ApiApp")(ctx, one.client_id);
  },
  async getFaxLine(ctx, args) {
    if (!args.number) throw new Error("getFaxLine: number is required");
    return readAs("FaxLine")(ctx, args.number);
  },
};

/** Runs `esign:index:<name>` with the host's `deployment`; the answer holds exactly the schema's outputs, secrets wrapped. */
export async function invokeLookup(tok: string, rawArgs: Json, deployment: Deployment): Promise<{ outputs: Json }> {
  const name = tok.startsWith(`${PACKAGE}:index:`) ? tok.slice(PACKAGE.length + 7) : tok;
  const lookup = LOOKUPS[name];
  if (!lookup) throw new Error(`esign: unknown function ${tok}`);
  try {
    const found = await lookup(deployment.context(), reveal(rawArgs ?? {}));
    const keys = lookupOutputKeys(name);
    const outputs = Object.fromEntries(keys.filter((k) => found[k] !== undefined && found[k] !== null).map((k) => [k, found[k]]));
    const kind = lookupSpecs[name].resource;
    const spec = kind ? resourceSpecs[kind] : undefined;
    const secrets = spec ? Object.keys(spec.outputs).filter((k) => spec.outputs[k].secret) : [];
    return { outputs: JSON.parse(JSON.stringify(withSecrets(outputs, secrets))) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(message.startsWith(name) ? message : `${name}: ${message}`);
  }
}
