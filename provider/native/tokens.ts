/** Type tokens of the native package: `esign:index:<Type>`. */
import { registry } from "../resources/registry";

export const PACKAGE = "esign";

export const nativeToken = (kind: string) => `${PACKAGE}:index:${kind}`;

/** The resource kind (`Team`) of a native resource's URN or type token; fails for anything else. */
export function kindOf(urnOrType: string): string {
  // urn:pulumi:<stack>::<project>::<parent type>$...$<type>::<name>
  const type = urnOrType.startsWith("urn:") ? urnOrType.split("::")[2].split("$").pop()! : urnOrType;
  const [pkg, mod, kind] = type.split(":");
  if (pkg !== PACKAGE || mod !== "index" || !registry[kind]) throw new Error(`esign: unknown resource type ${type}`);
  return kind;
}
