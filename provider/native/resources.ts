/**
 * The native host: the seven resources in the native plugin call the host-neutral operations
 * (operations/index.ts) with this plugin process's Deployment, as the dynamic host
 * (runtime.ts) does with its own. What differs is only the envelope: secrets arrive wrapped and
 * must leave wrapped, and an import (read with only an id) gets the properties its id names.
 * The engine starts one plugin process per provider, so the process holds one Deployment.
 */
import type * as provider from "@pulumi/pulumi/provider";
import { Deployment, type ConfigureRequest } from "../deployment/context";
import { EngineLog } from "../deployment/engine-log";
import { PartialCreate } from "../deployment/errors";
import { resourceOperations } from "../operations";
import { resourceSpecs } from "../schema/resources";
import { verifiedAccounts } from "./config";
import { propsFromId } from "./import-ids";
import { reveal, secretKeys, withSecrets, type Json } from "./secrets";
import { kindOf } from "./tokens";

let deployment = new Deployment("native", undefined, { verified: verifiedAccounts });

/** The engine's address (the plugin's argument, or Attach): warnings and debug lines go there; the settings stay. */
export function useEngineAt(address: string): void {
  deployment = deployment.withLog(new EngineLog(address));
}

/** Configure (grpc/config-calls.ts): this provider's settings; new ones start a new client and cache. */
export function configureNative(request: ConfigureRequest): void {
  deployment = deployment.reconfigure(request);
}

/** This plugin's Deployment, for the lookups (native/lookups.ts). */
export const nativeDeployment = (): Deployment => deployment;

/** Outputs the schema marks secret (ApiApp.oauthSecret), whatever the inputs were. */
function secretOutputs(kind: string): string[] {
  const spec = resourceSpecs[kind];
  const all = { ...spec.inputs, ...spec.outputs };
  return Object.keys(all).filter((k) => all[k].secret);
}

/** Keys to keep secret in what leaves: secret inputs stay secret as outputs. */
const keep = (kind: string, ...from: (Json | undefined)[]) => [...secretOutputs(kind), ...from.flatMap((p) => secretKeys(p))];

export const resourceMethods: Pick<provider.Provider, "check" | "diff" | "create" | "read" | "update" | "delete"> = {
  async check(urn, olds, news) {
    const kind = kindOf(urn);
    const result = await resourceOperations(kind).check(deployment, reveal(olds ?? {}), reveal(news ?? {}));
    return { inputs: withSecrets(result.inputs ?? reveal(news), secretKeys(news)), failures: result.failures ?? [] };
  },

  async diff(id, urn, olds, news) {
    const result = await resourceOperations(kindOf(urn)).diff(deployment, id, reveal(olds ?? {}), reveal(news ?? {}));
    return { changes: result.changes, replaces: result.replaces, stables: result.stables, deleteBeforeReplace: result.deleteBeforeReplace };
  },

  async create(urn, inputs) {
    const kind = kindOf(urn);
    try {
      const made = await resourceOperations(kind).create(deployment, reveal(inputs ?? {}));
      return { id: made.id, outs: withSecrets(made.outs ?? {}, keep(kind, inputs)) };
    } catch (error) {
      // A partial failure's properties become the outputs: secret inputs leave wrapped, as from a create.
      throw error instanceof PartialCreate ? error.withProperties((p) => withSecrets(p, keep(kind, inputs))) : error;
    }
  },

  async read(id, urn, props) {
    const kind = kindOf(urn);
    const given = reveal(props ?? {});
    const importing = Object.keys(given).length === 0;
    const result = await resourceOperations(kind).read(deployment, id, importing ? propsFromId(kind, id) : given);
    if (!result.id) {
      if (importing) throw new Error(`${kind} ${id}: not found in the account the provider acts for (nothing to import)`);
      return { id: "", props: {} };
    }
    const secrets = keep(kind, props);
    return { id: result.id, props: withSecrets(result.props ?? {}, secrets), inputs: withSecrets(result.inputs ?? {}, secrets) };
  },

  async update(id, urn, olds, news) {
    const kind = kindOf(urn);
    const result = await resourceOperations(kind).update(deployment, id, reveal(olds ?? {}), reveal(news ?? {}));
    return { outs: withSecrets(result.outs ?? {}, keep(kind, news, olds)) };
  },

  async delete(id, urn, props) {
    await resourceOperations(kindOf(urn)).delete(deployment, id, reveal(props ?? {}));
  },
};
