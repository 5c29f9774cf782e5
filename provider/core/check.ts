/**
 * check(): the inputs held to the rules, as Pulumi check failures, before any request (D164).
 *
 * First the request a create would send: the inputs mapped to the wire body and validated with
 * the contract's own schema, so the rule that fails is the one the client and the service
 * enforce. Then the definition's inputs schema (the types the program must give, for properties
 * no wire rule covers, `adopt`); only what passed it reaches the resource's own check. Issues
 * caused by values unknown during preview are not failures; they are checked again at `up`.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { ZodType } from "zod";
import { validate } from "../../contract";
import { propertyPath } from "./naming";
import { touchesUnknown, unknownPaths } from "./unknowns";
import type { Props, ResourceImpl } from "./resource";

export type CheckFailure = pulumi.dynamic.CheckFailure;

/** A schema's issue as a check failure, and whether a value unknown at preview may cause it. */
type Issue = CheckFailure & { unknown: boolean };

function issuesOf(schema: ZodType, value: unknown, inputs: unknown): Issue[] {
  const result = validate(schema, value);
  if (result.ok) return [];
  const unknowns = unknownPaths(value);
  return result.issues.map((issue) => ({ property: propertyPath(issue.path) || rootProperty(inputs), reason: issue.message, unknown: touchesUnknown(issue.path, unknowns) }));
}

/** Validates a wire-shaped value against a contract schema; failures name Pulumi properties. */
export function contractFailures(schema: ZodType, wire: unknown, inputs: unknown): CheckFailure[] {
  return issuesOf(schema, wire, inputs)
    .filter((issue) => !issue.unknown)
    .map(({ property, reason }) => ({ property, reason }));
}

function rootProperty(inputs: unknown): string {
  return inputs && typeof inputs === "object" ? "" : "inputs";
}

/**
 * check's failures of `news` (D164): the request's contract rule on the inputs as given; the
 * resource's own check on the inputs its inputs schema passed (each property it refuses, or
 * cannot judge at preview, left out: the resource's code never sees a value of the wrong type);
 * the schema's failures. A property the request names keeps only that failure, and one the
 * request or the resource names keeps no schema failure (the service's rule says more). The
 * inputs come back as given, with what check computed.
 */
export function checkInputs(impl: ResourceImpl, inputsSchema: ZodType, olds: Props, news: Props): pulumi.dynamic.CheckResult {
  const body = impl.request?.body(news);
  const request = impl.request && body !== undefined ? contractFailures(impl.request.schema, body, news) : [];
  const held = issuesOf(inputsSchema, news, news);
  const left = new Set(held.map((f) => topProperty(f.property)));
  const own = impl.check?.(olds, passed(news, left)) ?? {};
  const ownFailures = (own.failures ?? []).filter((f) => !left.has(topProperty(f.property)));
  const byResource = [...request, ...unnamed(request, ownFailures)];
  const refused = held.filter((f) => !f.unknown).map(({ property, reason }) => ({ property, reason }));
  return { inputs: { ...news, ...own.inputs }, failures: [...byResource, ...unnamed(byResource, refused)] };
}

/** The inputs without the top-level properties left out (all of them when the whole was refused). */
function passed(news: Props, left: Set<string>): Props {
  if (left.has("") || left.has("inputs")) return {};
  return Object.fromEntries(Object.entries(news).filter(([k]) => !left.has(k)));
}

/** `failures` but those at a property (or inside one) that `named` names already. */
function unnamed(named: CheckFailure[], failures: CheckFailure[]): CheckFailure[] {
  const taken = new Set(named.map((f) => f.property));
  return failures.filter((f) => !taken.has(f.property) && !taken.has(topProperty(f.property)));
}

const topProperty = (path: string) => path.split(/[.[]/)[0];
