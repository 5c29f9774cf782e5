/**
 * The native host's resources: the seven resources in the native plugin call the host-neutral
 * operations (operations/index.ts) with the host's Deployment, as the dynamic host
 * (runtime.ts) does with its own. What differs is only the envelope: secrets arrive wrapped and
 * must leave wrapped, and an import (read with only an id) gets the properties its id names.
 * The engine starts one plugin process per provider, so its host (host.ts) holds one of these,
 * loaded at the first call (D111).
 */
import type * as provider from "@pulumi/pulumi/provider";
import { Deployment, type ConfigureRequest, type HostState } from "../deployment/context";
import { EngineLog } from "../deployment/engine-log";
import { PartialCreate } from "../deployment/errors";
import { resourceOperations, type ResourceOperations } from "../operations";
import { resourceSpecs } from "../schema/resources";
import { propsFromId } from "./import-ids";
import { reveal, secretKeys, withSecrets, type Json } from "./secrets";
import { kindOf } from "./tokens";

/** What the host gives its resources: the accounts and fingerprints CheckConfig knows, and the engine's address. */
export type NativeHostState = Partial<Pick<HostState, "verified" | "keys">> & { engine?: string };

/** Outputs the schema marks secret (ApiApp.oauthSecret), whatever the inputs were. */
function secretOutputs(kind: string): string[] {
  const spec = resourceSpecs[kind];
  const all = { ...spec.inputs, ...spec.outputs };
  return Object.keys(all).filter((k) => all[k].secret);
}

/** Keys to keep secret in what leaves: secret inputs stay secret as outputs. */
const keep = (kind: string, ...from: (Json | undefined)[]) => [...secretOutputs(kind), ...from.flatMap((p) => secretKeys(p))];

export type ResourceMethods = Pick<provider.Provider, "check" | "diff" | "create" | "read" | "update" | "delete">;

export class NativeResources {
  private deployment: Deployment;
  /** The operations of each kind, made at its first call. */
  private readonly operations = new Map<string, ResourceOperations>();

  constructor({ verified, keys, engine }: NativeHostState = {}) {
    this.deployment = new Deployment("native", undefined, { verified, keys, log: new EngineLog(engine) });
  }

  /** The engine's address (the plugin's argument, or Attach): warnings and debug lines go there; the settings stay. */
  useEngineAt(address: string): void {
    this.deployment = this.deployment.withLog(new EngineLog(address));
  }

  /** Configure (grpc/config-calls.ts): this provider's settings; new ones start a new client and cache. */
  configure(request: ConfigureRequest): void {
    this.deployment = this.deployment.reconfigure(request);
  }

  /** This plugin's Deployment now, for the lookups (native/lookups.ts). */
  current(): Deployment {
    return this.deployment;
  }

  private ops(kind: string): ResourceOperations {
    let ops = this.operations.get(kind);
    if (!ops) this.operations.set(kind, (ops = resourceOperations(kind)));
    return ops;
  }

  readonly methods: ResourceMethods = {
    check: async (urn, olds, news) => {
      const kind = kindOf(urn);
      const result = await this.ops(kind).check(this.deployment, reveal(olds ?? {}), reveal(news ?? {}));
      return { inputs: withSecrets(result.inputs ?? reveal(news), secretKeys(news)), failures: result.failures ?? [] };
    },

    diff: async (id, urn, olds, news) => {
      const result = await this.ops(kindOf(urn)).diff(this.deployment, id, reveal(olds ?? {}), reveal(news ?? {}));
      return { changes: result.changes, replaces: result.replaces, stables: result.stables, deleteBeforeReplace: result.deleteBeforeReplace };
    },

    create: async (urn, inputs) => {
      const kind = kindOf(urn);
      try {
        const made = await this.ops(kind).create(this.deployment, reveal(inputs ?? {}));
        return { id: made.id, outs: withSecrets(made.outs ?? {}, keep(kind, inputs)) };
      } catch (error) {
        // A partial failure's properties become the outputs: secret inputs leave wrapped, as from a create.
        throw error instanceof PartialCreate ? error.withProperties((p) => withSecrets(p, keep(kind, inputs))) : error;
      }
    },

    read: async (id, urn, props) => {
      const kind = kindOf(urn);
      const given = reveal(props ?? {});
      const importing = Object.keys(given).length === 0;
      const result = await this.ops(kind).read(this.deployment, id, importing ? propsFromId(kind, id) : given);
      if (!result.id) {
        if (importing) throw new Error(`${kind} ${id}: not found in the account the provider acts for (nothing to import)`);
        return { id: "", props: {} };
      }
      const secrets = keep(kind, props);
      return { id: result.id, props: withSecrets(result.props ?? {}, secrets), inputs: withSecrets(result.inputs ?? {}, secrets) };
    },

    update: async (id, urn, olds, news) => {
      const kind = kindOf(urn);
      const result = await this.ops(kind).update(this.deployment, id, reveal(olds ?? {}), reveal(news ?? {}));
      return { outs: withSecrets(result.outs ?? {}, keep(kind, news, olds)) };
    },

    delete: async (id, urn, props) => {
      await this.ops(kindOf(urn)).delete(this.deployment, id, reveal(props ?? {}));
    },
  };
}
