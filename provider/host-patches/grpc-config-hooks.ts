/**
 * The SDK's provider server (@pulumi/pulumi/provider `main`) answers Configure without reading
 * the config and CheckConfig/DiffConfig with UNIMPLEMENTED: the provider would never see its
 * key, and the engine would treat any change of a provider's settings (a new key) as a replace
 * of the provider and so of every resource it manages. This installs our handlers for those
 * three calls on the service object `main` registers, and lets the SDK's handlers take an
 * import's read (which has no properties), leaving everything else to the SDK.
 * (DECISIONS.md D42.)
 */
import type { KeyHolder } from "../deployment/errors";
import type * as NativeConfig from "../native/config";
import type { Json } from "../native/secrets";
import { sdkModule } from "../core/sdk-modules";

/* eslint-disable @typescript-eslint/no-explicit-any */
const grpc = sdkModule("@grpc/grpc-js");
const provproto = sdkModule("proto/provider_pb");
const structproto = sdkModule("google-protobuf/google/protobuf/struct_pb");

/** The settings' rules (native/config.ts) load at the first config call, not before the plugin's port line (D111). */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- lazy: not evaluated before the port line (D111)
const config = (): typeof NativeConfig => require("../native/config");

type Callback = (error: any, response?: any) => void;
const json = (struct: any): Json => (struct ? struct.toJavaScript() : {});

export interface ConfigHooks {
  /** Applies the settings (the native host's configure, native/resources.ts). */
  apply(get: (key: string) => string | undefined, env: NodeJS.ProcessEnv, holder: KeyHolder): void;
}

function handlers(hooks: ConfigHooks) {
  return {
    async checkConfig(call: { request: any }, callback: Callback) {
      try {
        const req = call.request;
        const { inputs, failures } = await config().checkConfig(req.getUrn(), json(req.getNews()), json(req.getOlds()));
        const resp = new provproto.CheckResponse();
        resp.setInputs(structproto.Struct.fromJavaScript(inputs));
        resp.setFailuresList(
          failures.map((f) => {
            const failure = new provproto.CheckFailure();
            failure.setProperty(f.property);
            failure.setReason(f.reason);
            return failure;
          }),
        );
        callback(undefined, resp);
      } catch (e) {
        callback(e);
      }
    },
    diffConfig(call: { request: any }, callback: Callback) {
      try {
        const req = call.request;
        const { changed } = config().diffConfig(json(req.getOlds()), json(req.getNews()));
        const resp = new provproto.DiffResponse();
        resp.setChanges(changed.length ? provproto.DiffResponse.DiffChanges.DIFF_SOME : provproto.DiffResponse.DiffChanges.DIFF_NONE);
        resp.setDiffsList(changed);
        resp.setReplacesList([]);
        callback(undefined, resp);
      } catch (e) {
        callback(e);
      }
    },
    configure(call: { request: any }, callback: Callback) {
      try {
        const req = call.request;
        // Newer engines send the provider's inputs as `args`; older ones only `esign:config:*` variables.
        const args = req.getArgs?.();
        const inputs: Json = args ? json(args) : Object.fromEntries(req.getVariablesMap().entries());
        const name: string | undefined = req.getName?.() || undefined;
        const { get, env } = config().configuredSettings(name, inputs);
        // An explicit provider is named in its errors (which key was refused: D61).
        hooks.apply(get, env, name && !config().isDefaultProvider(name) ? { explicit: name } : {});
        const resp = new provproto.ConfigureResponse();
        resp.setAcceptsecrets(true);
        resp.setAcceptresources(true);
        resp.setAcceptoutputs(true);
        callback(undefined, resp);
      } catch (e) {
        callback(e);
      }
    },
  };
}

/**
 * The SDK's handlers read every property struct of a request as present, but a read for an
 * import (`pulumi import`, the `import` option, `Type.get`) carries none: give such requests
 * empty structs before the SDK's handler runs.
 */
const STRUCTS: Record<string, string[]> = { read: ["Properties", "Inputs"], check: ["Olds", "News"], diff: ["Olds", "News"], update: ["Olds", "News"], delete: ["Properties"] };

function withEmptyStructs(implementation: any): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(STRUCTS).map(([method, fields]) => {
      const sdkHandler = implementation[method].bind(implementation);
      return [
        method,
        (call: { request: any }, callback: Callback) => {
          for (const f of fields) if (call.request[`get${f}`] && !call.request[`get${f}`]()) call.request[`set${f}`](new structproto.Struct());
          return sdkHandler(call, callback);
        },
      ];
    }),
  );
}

/** Makes the next ResourceProvider service registered with grpc-js use our config handlers. */
export function installConfigHooks(hooks: ConfigHooks): void {
  const original = grpc.Server.prototype.addService;
  grpc.Server.prototype.addService = function addService(this: unknown, service: any, implementation: any) {
    if (service?.configure && service?.checkConfig) Object.assign(implementation, withEmptyStructs(implementation), handlers(hooks));
    return original.call(this, service, implementation);
  };
}
