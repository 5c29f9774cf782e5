/**
 * The engine's type tokens and URNs of our resources. Dynamic resources are all served by the
 * `pulumi-nodejs` provider, so the SDK names them `pulumi-nodejs:dynamic/<module>:<type>`
 * (every class passes module "esign"); the native plugin's are `esign:index:<type>`. Policies,
 * the drift report, recover and the native host read types and URNs through this, so both
 * hosts' resources get the same rules.
 */
const PREFIX = "pulumi-nodejs:dynamic/esign:";
const NATIVE_PREFIX = "esign:index:";

/** "ApiApp" -> "esign:index:ApiApp". */
export function nativeTypeToken(kind: string): string {
  return NATIVE_PREFIX + kind;
}

/** "pulumi-nodejs:dynamic/esign:ApiApp" or "esign:index:ApiApp" -> "ApiApp"; undefined for any other type. */
export function esignKind(typeToken: string): string | undefined {
  for (const prefix of [PREFIX, NATIVE_PREFIX]) if (typeToken.startsWith(prefix)) return typeToken.slice(prefix.length);
  return undefined;
}

/** The logical name at the URN's end: `urn:pulumi:dev::proj::esign:index:ApiApp::portal` -> `portal` (no `::`: all of it). */
export const urnName = (urn: string) => urn.split("::").pop() ?? "";

/** The resource's own type in a URN (`urn:pulumi:<stack>::<project>::<parent type>$...$<type>::<name>`). */
export function urnType(urn: string): string {
  const qualified = urn.split("::")[2] ?? "";
  return qualified.slice(qualified.lastIndexOf("$") + 1);
}
