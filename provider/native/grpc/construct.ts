/**
 * Construct (the esign:index:Account component) on the SDK's own runtime, as server.js's
 * `construct` does it: a component registers its children with the engine's resource monitor
 * through the SDK, so this call loads the SDK's runtime and generated protocol classes (at the
 * first Construct, never before the port line) and decodes the request with them.
 */
import type * as provider from "@pulumi/pulumi/provider";
import { GrpcError, STATUS } from "./server";

/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-require-imports -- the SDK's internals are untyped; loaded lazily (D111, D118) */

interface Sdk {
  provproto: any;
  structproto: any;
  settings: any;
  config: any;
  state: any;
  rpc: any;
  resource: any;
  runtimeResource: any;
  output: any;
  server: any;
  errors: any;
  errorproto: any;
  statusproto: any;
  anyproto: any;
}

let sdk: Sdk | undefined;
function load(): Sdk {
  return (sdk ??= {
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
  });
}

/** server.js's createProviderResource: a registered package's provider class, or a reference. */
function providerResource(s: Sdk, ref: string): any {
  const [urn] = s.resource.parseResourceReference(ref);
  const type = urn.split("::")[2].split("$").pop();
  const typeParts = type.split(":");
  const pkg = s.rpc.getResourcePackage(typeParts.length > 2 ? typeParts[2] : "", "");
  return pkg ? pkg.constructProvider(urn.split("::")[3], type, urn) : new s.resource.DependencyProviderResource(ref);
}

function aliasesOf(s: Sdk, req: any): any[] {
  return req.getAliasesList().map((a: any) => {
    if (a.hasUrn()) return a.getUrn();
    const spec = a.getSpec();
    const alias: any = {};
    if (spec.getName() !== "") alias.name = spec.getName();
    if (spec.getProject() !== "") alias.project = spec.getProject();
    if (spec.getStack() !== "") alias.stack = spec.getStack();
    if (spec.hasParenturn()) alias.parent = spec.getParenturn();
    else if (spec.hasNoparent() && spec.getNoparent()) alias.parent = s.resource.rootStackResource;
    return alias;
  });
}

function optionsOf(s: Sdk, req: any): any {
  const providers: Record<string, unknown> = {};
  for (const [pkg, ref] of req.getProvidersMap().entries()) providers[pkg] = providerResource(s, ref);
  const opts: any = {
    aliases: aliasesOf(s, req),
    dependsOn: req.getDependenciesList().map((urn: string) => new s.resource.DependencyResource(urn)),
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
async function configureRuntime(s: Sdk, req: any, engine: string | undefined): Promise<void> {
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
    deps.setUrnsList(await Promise.all(Array.from(resources as Set<any>).map((r) => r.urn.promise())));
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
export function constructError(e: any, s: Sdk = load()): unknown {
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
  return {
    handle(request) {
      const s = load();
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
