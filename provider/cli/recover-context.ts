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
import { SECRET_SIG, SIG_KEY } from "../core/secret-sig";
import type { ProviderContext } from "../deployment/context";
import { Deployment } from "../deployment/context";
import type { ExportedDeployment, PendingOperation } from "../pulumi-state/export";
import { isDefaultProvider, providerName, settingsMap } from "../native/config";
import { mustPulumi } from "../pulumi-state/cli";

/** A decrypted export's values with the secret wrappers (`{sig, plaintext}`) removed, deeply. */
export function unwrapSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(unwrapSecrets);
  if (value && typeof value === "object") {
    const o = value as Record<string, unknown>;
    if (o[SIG_KEY] === SECRET_SIG) return unwrapSecrets(typeof o.plaintext === "string" ? JSON.parse(o.plaintext) : o.value);
    return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, unwrapSecrets(v)]));
  }
  return value;
}

/** The explicit esign provider a pending create names (`<provider urn>::<id>`), or undefined for a default one. */
function explicitProviderUrn(op: PendingOperation): string | undefined {
  const ref = typeof op.resource.provider === "string" ? op.resource.provider : "";
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
    const config = JSON.parse(await mustPulumi(this.dir, ["config", "--json", "--show-secrets", "--stack", this.stackName], "pulumi config")) as Record<string, { value?: string }>;
    return new Deployment("dynamic", { get: (key) => config[key]?.value }).context();
  }

  /** An explicit provider's recorded inputs, and nothing from the environment. */
  private fromProvider(urn: string): ProviderContext {
    const name = providerName(urn);
    const record = (this.plain.deployment.resources ?? []).find((r) => r.urn === urn && !r.delete);
    if (!record) throw new Error(`provider ${name} is not in the stack's state: cannot tell which account its pending creates went to`);
    const settings = settingsMap(unwrapSecrets(record.inputs ?? {}) as Record<string, unknown>);
    if (!settings["esign:apiKey"]) throw new Error(`provider ${name} has no apiKey in the stack's state: cannot look in its account`);
    return new Deployment("native", { get: (key) => settings[key], env: {}, holder: { explicit: name } }).context();
  }
}
