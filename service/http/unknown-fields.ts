/**
 * @module service/http/unknown-fields
 * Keys a request schema does not name (the contract's objects are loose, as the real API
 * tolerates extra keys) are kept but bounded, like the API bounds free-form metadata: each
 * unknown value at most METADATA_VALUE_MAX_LENGTH characters of JSON, at most
 * METADATA_MAX_NESTED_KEYS unknown keys per request. Without this bound an `options.junk` of
 * 45 MB was stored and made every later list answer too large to write.
 */
import type { z } from "zod";
import { defOf, WRAPPER_TYPES as WRAPPERS } from "../../contract/zod-def";
import { METADATA_MAX_NESTED_KEYS, METADATA_VALUE_MAX_LENGTH } from "../../contract";
import { badRequest } from "./errors";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array);

/** Throws a 400 naming the first unknown field that breaks the bound. */
export function checkUnknownFields(schema: z.ZodType | undefined, value: unknown): void {
  if (!schema) return;
  let count = 0;
  const visit = (s: z.ZodType, v: unknown, path: string, depth: number): void => {
    if (depth > 64) return;
    const def = defOf(s);
    if (WRAPPERS.has(def.type) && def.innerType) return visit(def.innerType, v, path, depth + 1);
    if (def.type === "pipe" && def.in) return visit(def.in, v, path, depth + 1);
    if (def.type === "lazy" && def.getter) return visit(def.getter(), v, path, depth + 1);
    if (def.type === "array" && def.element && Array.isArray(v)) {
      v.forEach((item, i) => visit(def.element!, item, `${path}${i}.`, depth + 1));
    } else if (def.type === "record" && def.valueType && isObject(v)) {
      for (const [k, item] of Object.entries(v)) visit(def.valueType, item, `${path}${k}.`, depth + 1);
    } else if (def.type === "union" && def.options) {
      // Objects are checked against the first object-shaped option (the contract's unions differ by type, not by keys).
      const option = def.options.find((o) => (Array.isArray(v) ? defOf(o).type === "array" : isObject(v) && defOf(o).type === "object"));
      if (option) visit(option, v, path, depth + 1);
    } else if (def.type === "object" && def.shape && isObject(v)) {
      for (const [k, item] of Object.entries(v)) {
        const field = def.shape[k];
        if (field) {
          visit(field, item, `${path}${k}.`, depth + 1);
          continue;
        }
        const where = `${path}${k}`;
        if (++count > METADATA_MAX_NESTED_KEYS) throw badRequest(`${where}: more than ${METADATA_MAX_NESTED_KEYS} unknown fields in one request`, where);
        if (item instanceof Uint8Array || (isObject(item) && Object.values(item).some((x) => x instanceof Uint8Array))) continue;
        const size = JSON.stringify(item)?.length ?? 0;
        if (size > METADATA_VALUE_MAX_LENGTH) {
          throw badRequest(`${where}: unknown field larger than ${METADATA_VALUE_MAX_LENGTH} characters (unknown fields are kept but bounded like metadata values)`, where);
        }
      }
    }
  };
  visit(schema, value, "", 0);
}
