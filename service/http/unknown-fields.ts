/**
 * @module service/http/unknown-fields
 * Body parameters an operation does not take are refused, as the real service refuses them
 * (D126): 400 `bad_request` "Invalid parameter: <name>", recorded for top-level names
 * (`custom_fields`, `file_urls`, `email_addres`; S20). The contract says per object which rule
 * holds: a plain or strict object (the body itself, `options`, `oauth`,
 * `white_labeling_options`) names every key it takes, so any other key is refused, with its
 * own name as the message (as the one nested report, "Invalid parameter: 'pin'", named the
 * signer key alone) and its dotted path as `error_path`. A loose object (a signer, a form
 * field: items whose keys the description leaves "not shown") keeps other keys, bounded like
 * metadata values (D18) so no caller can make later answers unwritable. `metadata` is a
 * record: free-form by design. Query parameters are not checked (nothing is recorded for them).
 */
import type { z } from "zod";
import { defOf, WRAPPER_TYPES as WRAPPERS } from "../../contract/zod-def";
import { METADATA_MAX_NESTED_KEYS, METADATA_VALUE_MAX_LENGTH } from "../../contract";
import { ApiError, badRequest } from "./errors";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array);

/** The recorded refusal: no error_path on a top-level name (the recorded body has none). */
const invalidParameter = (name: string, path: string) => new ApiError(400, "bad_request", `Invalid parameter: ${name}`, path === name ? undefined : path);

/** A loose object (`z.looseObject`) has an `unknown` catchall; plain and strict objects do not take other keys. */
const keepsOtherKeys = (s: z.ZodType): boolean => {
  const catchall = (defOf(s) as { catchall?: z.ZodType }).catchall;
  return catchall !== undefined && defOf(catchall).type !== "never";
};

/**
 * Throws the API's 400 for the first body key `schema` does not take (`value`: the body as the
 * contract will read it, form values already coerced). Without a body schema the operation takes
 * no body parameters at all.
 */
export function checkUnknownFields(schema: z.ZodType | undefined, value: unknown): void {
  if (!schema) {
    const first = isObject(value) ? Object.keys(value)[0] : undefined;
    if (first !== undefined) throw invalidParameter(first, first);
    return;
  }
  let kept = 0;
  const keepBounded = (where: string, item: unknown) => {
    if (++kept > METADATA_MAX_NESTED_KEYS) throw badRequest(`${where}: more than ${METADATA_MAX_NESTED_KEYS} unknown fields in one request`, where);
    if (item instanceof Uint8Array || (isObject(item) && Object.values(item).some((x) => x instanceof Uint8Array))) return;
    const size = JSON.stringify(item)?.length ?? 0;
    if (size > METADATA_VALUE_MAX_LENGTH) {
      throw badRequest(`${where}: unknown field larger than ${METADATA_VALUE_MAX_LENGTH} characters (unknown fields are kept but bounded like metadata values)`, where);
    }
  };
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
      const loose = keepsOtherKeys(s);
      for (const [k, item] of Object.entries(v)) {
        const field = def.shape[k];
        if (field) visit(field, item, `${path}${k}.`, depth + 1);
        else if (loose) keepBounded(`${path}${k}`, item);
        else throw invalidParameter(k, `${path}${k}`);
      }
    }
  };
  visit(schema, value, "", 0);
}
