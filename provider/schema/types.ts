/** The object types the resources' properties refer to (`ref: "ApiAppOAuth"`): each definition's `types`, from their zod schemas. */
import { allDefinitions } from "../resources/definitions";
import { objectTypeSpec } from "./from-zod";
import type { ObjectTypeSpec } from "./spec";

export const typeSpecs: Record<string, ObjectTypeSpec> = Object.fromEntries(allDefinitions.flatMap((d) => d.types ?? []).map(objectTypeSpec));
