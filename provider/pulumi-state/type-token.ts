/**
 * The engine's type tokens of our resources. Dynamic resources are all served by the
 * `pulumi-nodejs` provider, so the SDK names them `pulumi-nodejs:dynamic/<module>:<type>`
 * (every class passes module "esign"); the native plugin's are `esign:index:<type>`. Policies
 * and the drift report read types through this, so both hosts' resources get the same rules.
 */
const PREFIX = "pulumi-nodejs:dynamic/esign:";
const NATIVE_PREFIX = "esign:index:";

/** "ApiApp" -> "pulumi-nodejs:dynamic/esign:ApiApp". */
export function esignTypeToken(kind: string): string {
  return PREFIX + kind;
}

/** "pulumi-nodejs:dynamic/esign:ApiApp" or "esign:index:ApiApp" -> "ApiApp"; undefined for any other type. */
export function esignKind(typeToken: string): string | undefined {
  for (const prefix of [PREFIX, NATIVE_PREFIX]) if (typeToken.startsWith(prefix)) return typeToken.slice(prefix.length);
  return undefined;
}
