/**
 * Unknown keys, reported at the key itself with the nearest known key of that object:
 * `account.yaml:3:5: members[0].rol: unknown key; did you mean role?`.
 */
import type { FileIssue } from "./issues";
import { accountFileSchema } from "./schema";
import { closest } from "../core/suggest";

/** The part of zod's schema internals this walk reads. */
interface SchemaNode {
  _zod?: { def?: { type?: string; innerType?: SchemaNode; element?: SchemaNode; shape?: Record<string, SchemaNode> } };
}

/** The object schema at `path` inside the account file schema (optional and arrays unwrapped). */
function objectKeysAt(path: (string | number)[]): string[] {
  let schema: SchemaNode | undefined = accountFileSchema;
  const unwrap = () => {
    while (schema?._zod?.def?.type === "optional") schema = schema._zod.def.innerType;
  };
  unwrap();
  for (const part of path) {
    const def: NonNullable<SchemaNode["_zod"]>["def"] = schema?._zod?.def;
    if (def?.type === "array" && typeof part === "number") schema = def.element;
    else if (def?.type === "object" && def.shape && typeof part === "string") schema = def.shape[part];
    else return [];
    unwrap();
  }
  const def = schema?._zod?.def;
  return def?.type === "object" && def.shape ? Object.keys(def.shape) : [];
}

export function unknownKeyIssues(path: (string | number)[], keys: string[]): FileIssue[] {
  const known = objectKeysAt(path);
  return keys.map((key) => {
    const near = closest(key, known);
    const hint = near ? `did you mean ${near}?` : `known keys: ${known.join(", ")}`;
    return { path: [...path, key], at: "key" as const, message: `unknown key; ${hint}` };
  });
}
