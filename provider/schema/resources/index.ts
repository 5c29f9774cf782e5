/** Resource type name -> its schema description: from the definitions (resources/definitions.ts). */
import { byKind } from "../../resources/definitions";
import { specOf } from "../../resources/define";
import type { ResourceSpec } from "../spec";

export const resourceSpecs: Record<string, ResourceSpec> = byKind(specOf);
