/**
 * The dynamic host: the implementation behind the serialized provider stubs (dynamic/stub.ts).
 * `require("pulumi-esign/runtime").resourceProvider("ApiApp")` returns the provider methods
 * for one resource type, in the shape the SDK's dynamic provider host calls. Each adapts the
 * call to the host-neutral operations (operations/index.ts): `__provider` is stripped, and the
 * host's stderr echo of a failure is dropped. This module is loaded once per provider process,
 * and the engine configures the process once, so it holds the process's Deployment: the client,
 * its throttle, the parent-list cache and the claims are shared by every resource of a run.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { Props } from "./core/resource";
import { Deployment, type ConfigureRequest, type HostState } from "./deployment/context";
import { dynamicHostEngine, EngineLog } from "./deployment/engine-log";
import { PartialCreate } from "./deployment/errors";
import { dropHostEcho } from "./host-patches/host-echo";
import { resourceOperations, type OperationName } from "./operations";

function withoutProvider(props: Props | undefined): Props {
  const { __provider: _ignored, ...rest } = props ?? {};
  return rest;
}

/** The operations whose failures the SDK host echoes to stderr (create and update it does not). */
const ECHOED = new Set<OperationName>(["check", "diff", "read", "delete"]);

/** A dynamic host: its own Deployment, and one provider object per resource type. */
export class DynamicHost {
  private deployment: Deployment;
  private readonly providers = new Map<string, pulumi.dynamic.ResourceProvider>();

  /** `timing`: the read-after-create lag's bound (default READ_LAG_BOUND_MS; fast tests shorten it). */
  constructor(timing: Pick<Partial<HostState>, "readLagMs"> = {}) {
    this.deployment = new Deployment("dynamic", undefined, { log: new EngineLog(dynamicHostEngine()), ...timing });
  }

  /** What the engine's configure does: new settings start a new client and cache (claims stay). */
  configure(request: ConfigureRequest): void {
    this.deployment = this.deployment.reconfigure(request);
  }

  /** The provider methods of one resource type, made once (stubs ask on every call). */
  resourceProvider(type: string): pulumi.dynamic.ResourceProvider {
    let provider = this.providers.get(type);
    if (!provider) this.providers.set(type, (provider = this.makeProvider(type)));
    return provider;
  }

  private async run<T>(operation: OperationName, fn: (d: Deployment) => Promise<T>): Promise<T> {
    try {
      return await fn(this.deployment);
    } catch (error) {
      if (ECHOED.has(operation) && error instanceof Error) dropHostEcho(error);
      throw error;
    }
  }

  private makeProvider(type: string): pulumi.dynamic.ResourceProvider {
    const ops = resourceOperations(type);
    return {
      configure: async (req) => this.configure({ get: (key) => req.config?.get(key) }),
      check: (olds, news) => this.run("check", (d) => ops.check(d, withoutProvider(olds), withoutProvider(news))),
      diff: (id, olds, news) => this.run("diff", (d) => ops.diff(d, id, withoutProvider(olds), withoutProvider(news))),
      create: (inputs) =>
        this.run("create", (d) => ops.create(d, withoutProvider(inputs))).catch((error: unknown) => {
          // A partial failure's properties become the outputs, which the SDK's host reads `__provider` from (refresh, delete).
          throw error instanceof PartialCreate ? error.withProperties((p) => ({ ...p, __provider: inputs.__provider })) : error;
        }),
      read: (id, props) => this.run("read", (d) => ops.read(d, id, withoutProvider(props))),
      update: (id, olds, news) => this.run("update", (d) => ops.update(d, id, withoutProvider(olds), withoutProvider(news))),
      delete: (id, props) => this.run("delete", (d) => ops.delete(d, id, withoutProvider(props))),
    };
  }
}

/** The process's host: what the stubs in deployed stacks reach by name. */
const processHost = new DynamicHost();

/** The provider methods of one resource type (the stubs' entry point; keep its name and shape). */
export function resourceProvider(type: string): pulumi.dynamic.ResourceProvider {
  return processHost.resourceProvider(type);
}
