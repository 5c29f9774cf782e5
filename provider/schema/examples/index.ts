/** Resource type name -> its usage examples (one per resource today): from the definitions. */
import { byKind } from "../../resources/definitions";
import type { Example } from "./types";

export type { Example } from "./types";

export const resourceExamples: Record<string, Example[]> = byKind((d) => d.examples);
