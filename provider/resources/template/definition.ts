/** Template: its implementation (resource.ts), schema description (schema.ts) and examples, as one definition. */
import { defineResource } from "../define";
import { templateExamples } from "./examples";
import { templateImpl } from "./resource";
import { templateSpec } from "./schema";

export const templateDefinition = defineResource({
  kind: "Template",
  impl: templateImpl,
  spec: templateSpec,
  examples: templateExamples,
});
