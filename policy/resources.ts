/** What the rules share: recognising esign resources and naming them in messages. */
import type { PolicyResource, ResourceValidationArgs } from "@pulumi/policy";
import { esignKind } from "../provider/pulumi-state/type-token";
import type { Kind } from "../provider/resources/definitions";

export type { Kind };

export function isKind(type: string, ...kinds: Kind[]): boolean {
  const kind = esignKind(type);
  return kind !== undefined && (kinds as string[]).includes(kind);
}

/** `ApiApp "app:portal"`: the class and the logical name, as the program wrote them. */
export function describe(resource: Pick<ResourceValidationArgs | PolicyResource, "type" | "name">): string {
  return `${esignKind(resource.type) ?? resource.type} "${resource.name}"`;
}

/** A violation message: the resource, the property, what is wrong, and the rule. */
export function violation(resource: Pick<ResourceValidationArgs, "type" | "name">, property: string, problem: string, rule: string): string {
  return `${describe(resource)} property ${property}: ${problem} (rule ${rule})`;
}
