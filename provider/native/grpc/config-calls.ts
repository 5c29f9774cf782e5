/**
 * CheckConfig, DiffConfig and Configure of the plugin (DECISIONS D42): the provider's settings
 * are checked and diffed by their rules (native/config.ts), so a new key is an update of the
 * provider, not a replace of it and of everything it manages; Configure hands them to the
 * resources' Deployment. native/config.ts loads at the first config call, not before the port
 * line (D111).
 */
import type { ConfigureRequest as DeploymentConfigure } from "../../deployment/context";
import type * as NativeConfig from "../config";
import type { Json } from "../secrets";
import type { MessageInitShape } from "@bufbuild/protobuf";
import {
  DiffResponse_DiffChanges,
  type CheckRequest,
  type CheckResponseSchema,
  type ConfigureRequest,
  type ConfigureResponseSchema,
  type DiffRequest,
  type DiffResponseSchema,
} from "./gen/pulumi/provider_pb";

// eslint-disable-next-line @typescript-eslint/no-require-imports -- lazy: not evaluated before the port line (D111)
const config = (): typeof NativeConfig => require("../config");

/** The native host (native/host.ts) as the config calls use it. */
export interface ConfigHooks extends NativeConfig.ConfigMemory {
  /** Applies the settings (the native host's configure). */
  configure(request: DeploymentConfigure): void;
}

/** CheckConfig: the settings' inputs, or one failure per refused setting; a verified key's account is kept on the host. */
export async function checkConfig(request: CheckRequest, host: ConfigHooks): Promise<MessageInitShape<typeof CheckResponseSchema>> {
  const { inputs, failures } = await config().checkConfig(request.urn, request.news ?? {}, request.olds ?? {}, undefined, host);
  return { inputs, failures: failures.map((f) => ({ property: f.property, reason: f.reason })) };
}

/** DiffConfig: which settings changed; never a replace. */
export function diffConfig(request: DiffRequest, DIFF: typeof DiffResponse_DiffChanges): MessageInitShape<typeof DiffResponseSchema> {
  const { changed } = config().diffConfig(request.olds ?? {}, request.news ?? {});
  return { changes: changed.length ? DIFF.DIFF_SOME : DIFF.DIFF_NONE, diffs: changed, replaces: [] };
}

/** Configure: the provider's inputs (`args` from newer engines; older ones send only `esign:config:*` variables). */
export function configure(request: ConfigureRequest, host: ConfigHooks): MessageInitShape<typeof ConfigureResponseSchema> {
  const inputs: Json = request.args ? request.args : { ...request.variables };
  const name: string | undefined = request.name || undefined;
  const { get, env } = config().configuredSettings(name, inputs);
  // An explicit provider is named in its errors (which key was refused: D61).
  host.configure({ get, env, holder: name && !config().isDefaultProvider(name) ? { explicit: name } : {} });
  return { acceptSecrets: true, acceptResources: true, acceptOutputs: true };
}
