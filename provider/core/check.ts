/**
 * check(): contract validation of a resource's inputs, as Pulumi check failures.
 *
 * The inputs are mapped to the wire request and validated with the contract's own schema, so
 * the rule that fails here is the one the client and the service enforce. Issues caused by
 * values unknown during preview are dropped; they are checked again at `up`. Before that, the
 * inputs are held to their own schema (the definition's zod inputs): the types the program must
 * give, for properties no wire rule covers (`adopt`) or that check reads itself.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { ZodType } from "zod";
import { validate } from "../../contract";
import { propertyPath } from "./naming";
import { touchesUnknown, unknownPaths } from "./unknowns";

export type CheckFailure = pulumi.dynamic.CheckFailure;

/** Validates a wire-shaped value against a contract schema; failures name Pulumi properties. */
export function contractFailures(schema: ZodType, wire: unknown, inputs: unknown): CheckFailure[] {
  const result = validate(schema, wire);
  if (result.ok) return [];
  const unknowns = unknownPaths(wire);
  return result.issues.filter((issue) => !touchesUnknown(issue.path, unknowns)).map((issue) => ({ property: propertyPath(issue.path) || rootProperty(inputs), reason: issue.message }));
}

function rootProperty(inputs: unknown): string {
  return inputs && typeof inputs === "object" ? "" : "inputs";
}

/**
 * The inputs against the definition's inputs schema, as check failures; a property the
 * resource's own check already names keeps only that failure (the service's rule says more).
 */
export function inputFailures(schema: ZodType, inputs: unknown, named: CheckFailure[]): CheckFailure[] {
  const taken = new Set(named.map((f) => f.property));
  return contractFailures(schema, inputs, inputs).filter((f) => !taken.has(f.property) && !taken.has(topProperty(f.property)));
}

const topProperty = (path: string) => path.split(/[.[]/)[0];
