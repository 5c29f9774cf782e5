/** Resource type name -> implementation, for the operations (operations/index.ts): from the definitions. */
import type { ResourceImpl } from "../core/resource";
import { byKind } from "./definitions";

export const registry: Record<string, ResourceImpl> = byKind((d) => d.impl);
