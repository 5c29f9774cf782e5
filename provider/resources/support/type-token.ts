/**
 * The engine's type token of each resource class: dynamic resources are all served by the
 * `pulumi-nodejs` provider, so the SDK names them `pulumi-nodejs:dynamic/<module>:<type>`
 * (every class passes module "esign"). Policies and the drift report read types through this.
 */
const PREFIX = "pulumi-nodejs:dynamic/esign:";

/** "ApiApp" -> "pulumi-nodejs:dynamic/esign:ApiApp". */
export function esignTypeToken(kind: string): string {
  return PREFIX + kind;
}

/** "pulumi-nodejs:dynamic/esign:ApiApp" -> "ApiApp"; undefined for any other resource type. */
export function esignKind(typeToken: string): string | undefined {
  return typeToken.startsWith(PREFIX) ? typeToken.slice(PREFIX.length) : undefined;
}
