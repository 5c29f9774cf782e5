/** Type tokens of the native package: `esign:index:<Type>`. */
import { esignKind, nativeTypeToken, urnType } from "../pulumi-state/type-token";
import { registry } from "../resources/registry";

export const PACKAGE = "esign";

export const nativeToken = nativeTypeToken;

/** The resource kind (`Team`) of a native resource's URN or type token; fails for anything else. */
export function kindOf(urnOrType: string): string {
  const type = urnOrType.startsWith("urn:") ? urnType(urnOrType) : urnOrType;
  const kind = esignKind(type);
  if (kind === undefined || nativeTypeToken(kind) !== type || !registry[kind]) throw new Error(`esign: unknown resource type ${type}`);
  return kind;
}
