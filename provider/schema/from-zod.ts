/**
 * A resource's zod schemas as the schema's property descriptions: the definitions write each
 * property once, as zod (its type, whether required, its description and the schema's extras
 * in `.meta()`), and schema.json, the SDKs and the docs are read from that.
 *
 * zod -> schema: string, int (integer), number, boolean, array (items), record (a map:
 * additionalProperties), enum (string), and anything carrying `meta({ ref })` (a named object
 * type of types.ts, or `pulumi.json#/Any`).
 */
import { z } from "zod";
import type { ObjectTypeSpec, PropSpec } from "./spec";

declare module "zod" {
  interface GlobalMeta {
    /** A named type of this package (`ApiAppOAuth`) or a Pulumi builtin (`pulumi.json#/Any`). */
    ref?: string;
    secret?: boolean;
    /** PropSpec.changeUnless: the exception the resource's own diff makes to its rule. */
    changeUnless?: string;
    /** A named object type's own description (`description` is the one of a property using it). */
    typeDescription?: string;
    /** A provider setting's environment variable (`ESIGN_API_KEY`): settings.ts. */
    env?: string;
    /** A knob's default as its docs state it, when the schema cannot say it (a default applied elsewhere). */
    defaultText?: string;
    /** A service option's command-line flag when not its name in kebab case (`no-fax`), or false for none. */
    flag?: string | false;
    /** The value's name in the help text (`--port N`). */
    value?: string;
    /** A command-line flag's one-letter form (`-o`). */
    short?: string;
  }
}

/** A zod object of resource properties (its shape's keys are the properties). */
export type PropsSchema = z.ZodObject<z.ZodRawShape>;

/** Any zod schema (core's type: what a shape's values and `unwrap()` are typed as). */
type AnyZod = z.core.$ZodType;

/** The metadata of `schema`, with what an `optional()` around it adds. */
export function metaOf(schema: AnyZod): z.GlobalMeta {
  const inner = innerOf(schema);
  return { ...(inner !== schema ? z.globalRegistry.get(inner) : {}), ...z.globalRegistry.get(schema) };
}

/** `schema` without the optional(), nullable() and default() around it. */
export function innerOf(schema: AnyZod): AnyZod {
  let s = schema;
  while (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault) s = s.unwrap();
  return s;
}

function typeOf(schema: AnyZod, where: string): Pick<PropSpec, "type" | "items" | "additionalProperties"> {
  if (schema instanceof z.ZodString || schema instanceof z.ZodEnum || schema instanceof z.ZodLiteral) return { type: "string" };
  if (schema instanceof z.ZodNumber) return { type: schema.format === "safeint" ? "integer" : "number" };
  if (schema instanceof z.ZodBoolean) return { type: "boolean" };
  if (schema instanceof z.ZodArray) return { type: "array", items: propSpecOf(schema.element, `${where}[]`) };
  if (schema instanceof z.ZodRecord) return { type: "object", additionalProperties: propSpecOf(schema.valueType, `${where}{}`) };
  throw new Error(`${where}: no schema type for zod ${schema._zod.def.type} (give it meta({ ref }))`);
}

/** One property; `where` names it in the error a schema without a schema type raises. */
export function propSpecOf(schema: AnyZod, where: string): PropSpec {
  const { ref, description, secret, changeUnless } = metaOf(schema);
  const spec: PropSpec = ref ? { ref } : typeOf(innerOf(schema), where);
  if (description !== undefined) spec.description = description;
  if (secret) spec.secret = true;
  if (changeUnless) spec.changeUnless = changeUnless;
  return spec;
}

export function propSpecsOf(schema: PropsSchema | undefined, where: string): Record<string, PropSpec> {
  if (!schema) return {};
  return Object.fromEntries(Object.entries(schema.shape).map(([k, v]) => [k, propSpecOf(v, `${where}.${k}`)]));
}

/** The keys a value must have: those not `optional()`. */
export function requiredKeys(schema: PropsSchema): string[] {
  return Object.entries(schema.shape)
    .filter(([, v]) => !z.safeParse(v, undefined).success)
    .map(([k]) => k);
}

/** A named object type, `z.object(...).meta({ ref, typeDescription })`, as the schema's type. */
export function objectTypeSpec(schema: PropsSchema): [string, ObjectTypeSpec] {
  const { ref, typeDescription: description } = metaOf(schema);
  if (!ref || description === undefined) throw new Error("a named object type needs meta({ ref, typeDescription })");
  const required = requiredKeys(schema);
  return [ref, { description, properties: propSpecsOf(schema, ref), ...(required.length ? { required } : {}) }];
}
