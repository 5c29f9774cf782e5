/**
 * The seven resources in the native plugin: each operation calls the same provider methods the
 * dynamic resources' stubs call (runtime.ts `resourceProvider`), so both hosts share one
 * behaviour. What differs is only the envelope: secrets arrive wrapped and must leave wrapped,
 * and an import (read with only an id) gets the properties its id names.
 */
import type * as provider from "@pulumi/pulumi/provider";
import { resourceProvider } from "../runtime";
import { resourceSpecs } from "../schema/resources";
import { propsFromId } from "./import-ids";
import { reveal, secretKeys, withSecrets, type Json } from "./secrets";
import { kindOf } from "./tokens";

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
    const result = await resourceProvider(kind).check!(reveal(olds), reveal(news));
    return { inputs: withSecrets(result.inputs ?? reveal(news), secretKeys(news)), failures: result.failures ?? [] };
  },

  async diff(id, urn, olds, news) {
    const result = await resourceProvider(kindOf(urn)).diff!(id, reveal(olds), reveal(news));
    return { changes: result.changes, replaces: result.replaces, stables: result.stables, deleteBeforeReplace: result.deleteBeforeReplace };
  },

  async create(urn, inputs) {
    const kind = kindOf(urn);
    const made = await resourceProvider(kind).create(reveal(inputs));
    return { id: made.id, outs: withSecrets(made.outs ?? {}, keep(kind, inputs)) };
  },

  async read(id, urn, props) {
    const kind = kindOf(urn);
    const given = reveal(props ?? {});
    const importing = Object.keys(given).length === 0;
    const result = await resourceProvider(kind).read!(id, importing ? propsFromId(kind, id) : given);
    if (!result.id) {
      if (importing) throw new Error(`${kind} ${id}: not found in the account the provider acts for (nothing to import)`);
      return { id: "", props: {} };
    }
    const secrets = keep(kind, props);
    return { id: result.id, props: withSecrets(result.props ?? {}, secrets), inputs: withSecrets(result.inputs ?? {}, secrets) };
  },

  async update(id, urn, olds, news) {
    const kind = kindOf(urn);
    const result = await resourceProvider(kind).update!(id, reveal(olds), reveal(news));
    return { outs: withSecrets(result.outs ?? {}, keep(kind, news, olds)) };
  },

  async delete(id, urn, props) {
    await resourceProvider(kindOf(urn)).delete!(id, reveal(props));
  },
};
