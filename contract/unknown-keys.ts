/**
 * Body keys an operation does not take (D126). The real service refuses them ("Invalid parameter:
 * <name>", evidence section 9, finding 3), so the client refuses them before sending and the
 * service answers them as recorded: one walk for both. The schema says per object which rule
 * holds: a plain or strict object (the body itself, `options`, `oauth`, `white_labeling_options`)
 * names every key it takes; a loose object (a signer, a form field: keys the description leaves
 * "not shown") keeps other keys, bounded like metadata values so no caller can make later answers
 * unwritable (D18); `metadata` is a record, free-form by design.
 */
import type { z } from "zod";
import { defOf, WRAPPER_TYPES as WRAPPERS } from "./zod-def";
import { METADATA_MAX_NESTED_KEYS, METADATA_VALUE_MAX_LENGTH } from "./limits";

export interface UnknownKeyIssue {
  /** Dotted path of the key, e.g. `options.junk`. */
  path: string;
  /** The key itself when the object does not take it; absent when a kept key breaks the bound. */
  key?: string;
  message: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array);

/** A loose object (`z.looseObject`) has an `unknown` catchall; plain and strict objects take no other key. */
const keepsOtherKeys = (s: z.ZodType): boolean => {
  const catchall = (defOf(s) as { catchall?: z.ZodType }).catchall;
  return catchall !== undefined && defOf(catchall).type !== "never";
};

const refused = (key: string, path: string): UnknownKeyIssue => ({ path, key, message: `${key} is not a parameter of this operation (the service refuses it)` });

/**
 * The first body key `schema` does not take, or the first kept key over the bound (`value`: the
 * body as the contract reads it, form values coerced). Without a body schema the operation takes
 * no body parameter at all.
 */
export function unknownKeyIssue(schema: z.ZodType | undefined, value: unknown): UnknownKeyIssue | undefined {
  if (!schema) {
    const first = isObject(value) ? Object.keys(value)[0] : undefined;
    return first === undefined ? undefined : refused(first, first);
  }
  let kept = 0;
  const keepBounded = (path: string, item: unknown): UnknownKeyIssue | undefined => {
    if (++kept > METADATA_MAX_NESTED_KEYS) return { path, message: `more than ${METADATA_MAX_NESTED_KEYS} unknown fields in one request` };
    if (item instanceof Uint8Array || (isObject(item) && Object.values(item).some((x) => x instanceof Uint8Array))) return undefined;
    const size = JSON.stringify(item)?.length ?? 0;
    if (size <= METADATA_VALUE_MAX_LENGTH) return undefined;
    return { path, message: `unknown field larger than ${METADATA_VALUE_MAX_LENGTH} characters (unknown fields are kept but bounded like metadata values)` };
  };
  const visit = (s: z.ZodType, v: unknown, path: string, depth: number): UnknownKeyIssue | undefined => {
    if (depth > 64) return undefined;
    const def = defOf(s);
    if (WRAPPERS.has(def.type) && def.innerType) return visit(def.innerType, v, path, depth + 1);
    if (def.type === "pipe" && def.in) return visit(def.in, v, path, depth + 1);
    if (def.type === "lazy" && def.getter) return visit(def.getter(), v, path, depth + 1);
    const children: [z.ZodType, string, unknown][] = [];
    const { element, valueType } = def;
    if (def.type === "array" && element && Array.isArray(v)) {
      v.forEach((item, i) => children.push([element, `${path}${i}.`, item]));
    } else if (def.type === "record" && valueType && isObject(v)) {
      for (const [k, item] of Object.entries(v)) children.push([valueType, `${path}${k}.`, item]);
    } else if (def.type === "union" && def.options) {
      // Objects are checked against the first object-shaped option (the contract's unions differ by type, not by keys).
      const option = def.options.find((o) => (Array.isArray(v) ? defOf(o).type === "array" : isObject(v) && defOf(o).type === "object"));
      return option ? visit(option, v, path, depth + 1) : undefined;
    } else if (def.type === "object" && def.shape && isObject(v)) {
      const loose = keepsOtherKeys(s);
      for (const [k, item] of Object.entries(v)) {
        const field = def.shape[k];
        if (field) children.push([field, `${path}${k}.`, item]);
        else {
          const issue = loose ? keepBounded(`${path}${k}`, item) : refused(k, `${path}${k}`);
          if (issue) return issue;
        }
      }
    }
    for (const [child, at, item] of children) {
      const issue = visit(child, item, at, depth + 1);
      if (issue) return issue;
    }
    return undefined;
  };
  return visit(schema, value, "", 0);
}
