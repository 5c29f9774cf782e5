/**
 * Construct (the esign:index:Account component) on the SDK's own runtime, as server.js's
 * `construct` does it: a component registers its children with the engine's resource monitor
 * through the SDK, so this call loads the SDK's runtime and generated protocol classes (at the
 * first Construct, never before the port line) and decodes the request with them.
 */
import type * as provider from "@pulumi/pulumi/provider";
import { GrpcError, STATUS } from "./server";

import type * as ErrorsModule from "@pulumi/pulumi/errors";
import type * as OutputModule from "@pulumi/pulumi/output";
import type * as ErrorProto from "@pulumi/pulumi/proto/errors_pb";
import type * as ProviderProto from "@pulumi/pulumi/proto/provider_pb";
import type * as StatusProto from "@pulumi/pulumi/proto/status_pb";
import type * as ResourceModule from "@pulumi/pulumi/resource";
import type * as ConfigModule from "@pulumi/pulumi/runtime/config";
import type * as RpcModule from "@pulumi/pulumi/runtime/rpc";
import type * as SettingsModule from "@pulumi/pulumi/runtime/settings";
import type * as AnyProto from "google-protobuf/google/protobuf/any_pb";
import type * as StructProto from "google-protobuf/google/protobuf/struct_pb";

/* eslint-disable @typescript-eslint/no-require-imports -- the SDK is loaded at the first Construct (D111, D118) */

type ConstructRequest = ProviderProto.ConstructRequest;

/**
 * The SDK's exports server.js uses that its type declarations leave out (or type loosely), typed as server.js
 * calls them (@pulumi/pulumi 3.x: runtime/settings.js, runtime/state.js, runtime/resource.js,
 * resource.js, provider/server.js).
 */
interface Undeclared {
  settings: { awaitFeatureSupport(): Promise<void>; waitForRPCs(): Promise<void> };
  state: { withLocalStorage<T>(callback: () => T): T };
  runtimeResource: { hookBindingFromProto(binding: ProviderProto.ConstructRequest.ResourceHooksBinding | undefined): ResourceModule.ResourceHookBinding | undefined };
  resource: { parseResourceReference(ref: string): [urn: string, id: string] };
  server: { deserializeInputs(inputs: StructProto.Struct | undefined, dependencies: ReturnType<ConstructRequest["getInputdependenciesMap"]>): Promise<OutputModule.Inputs> };
  /** An Output's value, known or not (Output.promise, internal to the SDK). */
  output: { output(value: OutputModule.Input<string>): Promised };
  rpc: {
    serializeResourceProperties(label: string, props: OutputModule.Inputs): Promise<[Record<string, StructProto.JavaScriptValue>, Map<string, Set<{ urn: Promised }>>]>;
  };
}

interface Promised {
  promise(): Promise<string>;
}

/** The SDK's runtime, as this file uses it. */
interface Sdk {
  provproto: typeof ProviderProto;
  structproto: typeof StructProto;
  settings: typeof SettingsModule & Undeclared["settings"];
  config: typeof ConfigModule;
  state: Undeclared["state"];
  rpc: Omit<typeof RpcModule, "serializeResourceProperties"> & Undeclared["rpc"];
  resource: typeof ResourceModule & Undeclared["resource"];
  runtimeResource: Undeclared["runtimeResource"];
  output: Undeclared["output"];
  server: Undeclared["server"];
  errors: typeof ErrorsModule;
  errorproto: typeof ErrorProto;
  statusproto: typeof StatusProto;
  anyproto: typeof AnyProto;
}

/** Loads the SDK's runtime (require's answer is untyped: each module is given the type of its declarations). */
function loadSdk(): Sdk {
  return {
    provproto: require("@pulumi/pulumi/proto/provider_pb"),
    structproto: require("google-protobuf/google/protobuf/struct_pb"),
    settings: require("@pulumi/pulumi/runtime/settings"),
    config: require("@pulumi/pulumi/runtime/config"),
    state: require("@pulumi/pulumi/runtime/state"),
    rpc: require("@pulumi/pulumi/runtime/rpc"),
    resource: require("@pulumi/pulumi/resource"),
    runtimeResource: require("@pulumi/pulumi/runtime/resource"),
    output: require("@pulumi/pulumi/output"),
    server: require("@pulumi/pulumi/provider/server"),
    errors: require("@pulumi/pulumi/errors"),
    errorproto: require("@pulumi/pulumi/proto/errors_pb"),
    statusproto: require("@pulumi/pulumi/proto/status_pb"),
    anyproto: require("google-protobuf/google/protobuf/any_pb"),
  };
}

/** server.js's createProviderResource: a registered package's provider class, or a reference. */
function providerResource(s: Sdk, ref: string): ResourceModule.ProviderResource {
  const [urn] = s.resource.parseResourceReference(ref);
  const type = urn.split("::")[2].split("$").pop() ?? "";
  const typeParts = type.split(":");
  const pkg = s.rpc.getResourcePackage(typeParts.length > 2 ? typeParts[2] : "", "");
  return pkg ? pkg.constructProvider(urn.split("::")[3], type, urn) : new s.resource.DependencyProviderResource(ref);
}

function aliasesOf(s: Sdk, req: ConstructRequest): (string | ResourceModule.Alias)[] {
  return req.getAliasesList().map((a) => {
    const spec = a.getSpec();
    if (a.hasUrn() || !spec) return a.getUrn();
    const alias: ResourceModule.Alias = {};
    if (spec.getName() !== "") alias.name = spec.getName();
    if (spec.getProject() !== "") alias.project = spec.getProject();
    if (spec.getStack() !== "") alias.stack = spec.getStack();
    if (spec.hasParenturn()) alias.parent = spec.getParenturn();
    else if (spec.hasNoparent() && spec.getNoparent()) alias.parent = s.resource.rootStackResource;
    return alias;
  });
}

function optionsOf(s: Sdk, req: ConstructRequest): ResourceModule.ComponentResourceOptions {
  const providers: Record<string, ResourceModule.ProviderResource> = {};
  for (const [pkg, ref] of req.getProvidersMap().entries()) providers[pkg] = providerResource(s, ref);
  const opts: ResourceModule.ComponentResourceOptions = {
    aliases: aliasesOf(s, req),
    dependsOn: req.getDependenciesList().map((urn) => new s.resource.DependencyResource(urn)),
    protect: req.getProtect(),
    providers,
    parent: req.getParent() ? new s.resource.DependencyResource(req.getParent()) : undefined,
    ignoreChanges: req.getIgnorechangesList(),
    replaceOnChanges: req.getReplaceonchangesList(),
    customTimeouts: req.getCustomtimeouts()?.toObject(),
    retainOnDelete: req.getRetainondelete(),
    hooks: s.runtimeResource.hookBindingFromProto(req.getResourceHooks()),
  };
  if (req.getDeletedwith() !== "") opts.deletedWith = providerResource(s, req.getDeletedwith());
  const trigger = req.getReplacementTrigger?.();
  if (trigger) opts.replacementTrigger = s.rpc.deserializeProperty(trigger.toJavaScript(), true);
  return opts;
}

/** server.js's configureRuntime: the SDK's globals for this program (the engine's monitor, project, stack, config). */
async function configureRuntime(s: Sdk, req: ConstructRequest, engine: string | undefined): Promise<void> {
  if (engine === undefined) throw new Error("fatal: Missing <engine> address");
  s.settings.resetOptions(req.getProject(), req.getStack(), req.getParallel(), engine, req.getMonitorendpoint(), req.getDryrun(), req.getOrganization());
  await s.settings.awaitFeatureSupport();
  s.config.setAllConfig(Object.fromEntries(req.getConfigMap().entries()), req.getConfigsecretkeysList());
}

async function construct(s: Sdk, p: provider.Provider, engine: string | undefined, bytes: Buffer): Promise<Buffer> {
  const req = s.provproto.ConstructRequest.deserializeBinary(new Uint8Array(bytes));
  const [type, name] = [req.getType(), req.getName()];
  if (!p.construct) throw new Error(`unknown resource type ${type}`);
  await configureRuntime(s, req, engine);
  const inputs = await s.server.deserializeInputs(req.getInputs(), req.getInputdependenciesMap());
  const result = await p.construct(name, type, inputs, optionsOf(s, req));
  const resp = new s.provproto.ConstructResponse();
  resp.setUrn(await s.output.output(result.urn).promise());
  const [state, dependencies] = await s.rpc.serializeResourceProperties(`construct(${type}, ${name})`, result.state);
  const dependencyMap = resp.getStatedependenciesMap();
  for (const [key, resources] of dependencies) {
    const deps = new s.provproto.ConstructResponse.PropertyDependencies();
    deps.setUrnsList(await Promise.all(Array.from(resources).map((r) => r.urn.promise())));
    dependencyMap.set(key, deps);
  }
  resp.setState(s.structproto.Struct.fromJavaScript(state));
  await s.settings.waitForRPCs();
  return Buffer.from(resp.serializeBinary());
}

/**
 * server.js's buildInvalidPropertiesError: a component's InputPropertiesError/InputPropertyError
 * is INVALID_ARGUMENT, its properties' errors packed as pulumirpc.InputPropertiesError details.
 */
export function constructError(e: unknown, s: Sdk = loadSdk()): unknown {
  const [message, errors] = s.errors.InputPropertiesError.isInstance(e)
    ? [e.message, e.errors]
    : s.errors.InputPropertyError.isInstance(e)
      ? ["", [{ propertyPath: e.propertyPath, reason: e.reason }]]
      : [undefined, undefined];
  if (message === undefined) return e;
  if (!errors) return new GrpcError(STATUS.INVALID_ARGUMENT, message);
  const details = new s.errorproto.InputPropertiesError();
  for (const { propertyPath, reason } of errors) {
    const error = new s.errorproto.InputPropertiesError.PropertyError();
    error.setPropertyPath(propertyPath);
    error.setReason(reason);
    details.addErrors(error);
  }
  const any = new s.anyproto.Any();
  any.pack(details.serializeBinary(), "pulumirpc.InputPropertiesError");
  const status = new s.statusproto.Status();
  status.setCode(STATUS.INVALID_ARGUMENT);
  status.setMessage(message);
  status.addDetails(any);
  return new GrpcError(STATUS.INVALID_ARGUMENT, message, Buffer.from(status.serializeBinary()));
}

/**
 * The Construct handler. An uncaught error while a construct runs fails it (as server.js does),
 * rather than leave the engine waiting.
 */
export function constructHandler(p: provider.Provider, engine: () => string | undefined): { handle(request: Buffer): Promise<Buffer>; failInFlight(error: unknown): void } {
  const inFlight = new Set<(error: unknown) => void>();
  let sdk: Sdk | undefined; // loaded at the first Construct
  return {
    handle(request) {
      const s = (sdk ??= loadSdk());
      return s.state.withLocalStorage(
        () =>
          new Promise<Buffer>((resolve, reject) => {
            inFlight.add(reject);
            construct(s, p, engine(), request)
              .then(resolve, (e) => reject(constructError(e, s)))
              .finally(() => inFlight.delete(reject));
          }),
      );
    },
    failInFlight(error) {
      for (const reject of inFlight) reject(error);
    },
  };
}
