/**
 * Which account `esign recover` looks in for a pending create: the settings of the provider the
 * create was sent through, as that provider acts (DECISIONS D112).
 *
 * - A dynamic resource, or a native one on the engine's default provider: the stack's config
 *   (`esign:apiKey`, `esign:baseUrl`, ...) over the ESIGN_* variables, as both hosts read them.
 * - A native resource on an explicit provider (`new esign.Provider("eu", {...})`, a YAML
 *   `pulumi:providers:esign` resource): that provider's own inputs as the state recorded them
 *   (decrypted), never the environment, as the plugin itself reads them (D43). The stack's key
 *   may be another account's, where the create never went.
 */
import type { ProviderContext } from "../deployment/context";
import { Deployment } from "../deployment/context";
import { plainProps, type ExportedDeployment, type PendingOperation } from "../pulumi-state/export";
import { stackConfig } from "../pulumi-state/stack";
import { isDefaultProvider, providerName, settingsMap } from "../native/config";

/** The explicit esign provider a pending create names (`<provider urn>::<id>`), or undefined for a default one. */
function explicitProviderUrn(op: PendingOperation): string | undefined {
  const ref = op.resource.provider ?? "";
  const urn = ref.slice(0, ref.lastIndexOf("::"));
  if (!/::pulumi:providers:esign::[^:]+$/.test(urn)) return undefined;
  return isDefaultProvider(providerName(urn)) ? undefined : urn;
}

/** Contexts per provider, made on first use (one client per account, as a run has). */
export class RecoverContexts {
  private stack: ProviderContext | undefined;
  private readonly explicit = new Map<string, ProviderContext>();

  constructor(
    private readonly dir: string,
    private readonly stackName: string,
    private readonly plain: ExportedDeployment,
  ) {}

  async for(op: PendingOperation): Promise<ProviderContext> {
    const urn = explicitProviderUrn(op);
    if (!urn) return (this.stack ??= await this.fromStackConfig());
    let ctx = this.explicit.get(urn);
    if (!ctx) {
      ctx = this.fromProvider(urn);
      this.explicit.set(urn, ctx);
    }
    return ctx;
  }

  /** The stack's settings: its config (decrypted) over ESIGN_* (the program's own precedence). */
  private async fromStackConfig(): Promise<ProviderContext> {
    const config = await stackConfig(this.dir, this.stackName);
    return new Deployment("dynamic", { get: (key) => config[key] }).context();
  }

  /** An explicit provider's recorded inputs, and nothing from the environment. */
  private fromProvider(urn: string): ProviderContext {
    const name = providerName(urn);
    const record = (this.plain.deployment.resources ?? []).find((r) => r.urn === urn && !r.delete);
    if (!record) throw new Error(`provider ${name} is not in the stack's state: cannot tell which account its pending creates went to`);
    const settings = settingsMap(plainProps(record.inputs));
    if (!settings["esign:apiKey"]) throw new Error(`provider ${name} has no apiKey in the stack's state: cannot look in its account`);
    return new Deployment("native", { get: (key) => settings[key], env: {}, holder: { explicit: name } }).context();
  }
}
