/**
 * Form coercion: turns the strings of a multipart / urlencoded body (already unflattened
 * from bracket notation) or of a query string into the types a schema expects, so the
 * service validates every encoding with the same schemas. Only strings are touched; a value
 * that does not coerce is left alone and the schema reports it.
 */
import type { z } from "zod";
import { defOf, WRAPPER_TYPES as WRAPPERS, type SchemaDef } from "./zod-def";

function parseJson(text: string, opening: string): unknown {
  if (!text.trimStart().startsWith(opening)) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}

/** Coerces `value` towards `schema`'s type; see the module header. */
export function coerceFormValue(schema: z.ZodType, value: unknown): unknown {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type) && def.innerType) return coerceFormValue(def.innerType, value);
  if (def.type === "pipe" && def.in) return coerceFormValue(def.in, value);
  if (def.type === "lazy" && def.getter) return coerceFormValue(def.getter(), value);
  switch (def.type) {
    case "boolean":
      return coerceBoolean(value);
    case "number":
      return typeof value === "string" && /^-?\d+(?:\.\d+)?$/.test(value.trim()) ? Number(value) : value;
    case "array":
      return coerceArray(def, value);
    case "object":
      return coerceObject(def, value);
    case "record":
      return coerceRecord(def, value);
    case "union":
      return coerceUnion(def, value);
    case "literal":
      // force_download=0: the literal whose text the string is.
      return typeof value === "string" ? ((def.values ?? []).find((literal) => String(literal) === value) ?? value) : value;
    default:
      return value;
  }
}

function coerceBoolean(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const normalized = value.trim().toLowerCase();
  if (normalized === "1" || normalized === "true") return true;
  if (normalized === "0" || normalized === "false") return false;
  return value;
}

function coerceArray(def: SchemaDef, value: unknown): unknown {
  let items = typeof value === "string" ? parseJson(value, "[") : value;
  // signers[0][name]=... unflattened into an object with index keys.
  if (isPlainObject(items) && Object.keys(items).length > 0 && Object.keys(items).every((key) => /^\d+$/.test(key))) {
    items = Object.entries(items)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, item]) => item);
  }
  // A single form value for an array field (`domains=a`, or one `files` upload).
  if (!Array.isArray(items) && items !== undefined && items !== null) items = [items];
  return Array.isArray(items) && def.element ? items.map((item) => coerceFormValue(def.element!, item)) : items;
}

function coerceObject(def: SchemaDef, value: unknown): unknown {
  const object = typeof value === "string" ? parseJson(value, "{") : value;
  if (!isPlainObject(object) || !def.shape) return object;
  const result: Record<string, unknown> = { ...object };
  for (const [key, fieldSchema] of Object.entries(def.shape)) {
    if (key in result) result[key] = coerceFormValue(fieldSchema, result[key]);
  }
  return result;
}

function coerceRecord(def: SchemaDef, value: unknown): unknown {
  const object = typeof value === "string" ? parseJson(value, "{") : value;
  if (!isPlainObject(object) || !def.valueType) return object;
  return Object.fromEntries(Object.entries(object).map(([key, item]) => [key, coerceFormValue(def.valueType!, item)]));
}

/** The first option under which the coerced value parses wins; otherwise leave it alone. */
function coerceUnion(def: SchemaDef, value: unknown): unknown {
  for (const option of def.options ?? []) {
    const candidate = coerceFormValue(option, value);
    if (option.safeParse(candidate).success) return candidate;
  }
  return value;
}
