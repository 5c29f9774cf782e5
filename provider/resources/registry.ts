/** Resource type name -> implementation and inputs schema, for the operations (operations/index.ts): from the definitions. */
import type { ZodType } from "zod";
import type { MadeBy } from "../made/finder";
import type { Props, ResourceImpl } from "../core/resource";
import { byKind } from "./definitions";

export const registry: Record<string, ResourceImpl> = byKind((d) => d.impl);

/** How each kind finds what a create whose answer never came made (D115): made/cut-off.ts. */
// Each finder takes its own kind's inputs; the table is read by kind with that kind's inputs (cast).
export const madeBy: Record<string, MadeBy<Props>> = byKind((d) => d.madeBy as MadeBy<Props>);

/**
 * The types check holds inputs to. Every key optional: whether an input must be there is the
 * resource's own rule (an adopted template needs no signerRoles); schema.json's required inputs
 * are what the SDKs ask of a program.
 */
export const inputSchemas: Record<string, ZodType> = byKind((d) => d.inputs.partial());
