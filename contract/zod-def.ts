/**
 * Reading a zod 4 schema's definition: what form coercion (coerce.ts) and the check
 * on unknown body keys (unknown-keys.ts) both walk. zod exposes no public walker.
 */
import type { z } from "zod";

export interface SchemaDef {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  getter?: () => z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  values?: unknown[];
}

export const defOf = (schema: z.ZodType): SchemaDef => (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;

/** Schema types that wrap one inner schema (`innerType`) without changing its shape. */
export const WRAPPER_TYPES = new Set(["optional", "nullable", "default", "prefault", "readonly", "catch", "nonoptional", "success"]);
