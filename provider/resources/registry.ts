/** Resource type name -> implementation and inputs schema, for the operations (operations/index.ts): from the definitions. */
import type { ZodType } from "zod";
import type { ResourceImpl } from "../core/resource";
import { byKind } from "./definitions";

export const registry: Record<string, ResourceImpl> = byKind((d) => d.impl);

export const inputSchemas: Record<string, ZodType> = byKind((d) => d.inputs);
