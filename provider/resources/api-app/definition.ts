/** ApiApp: its implementation (resource.ts), schema description (schema.ts) and examples, as one definition. */
import { defineResource } from "../define";
import { apiAppExamples } from "./examples";
import { apiAppImpl } from "./resource";
import { apiAppSpec } from "./schema";

export const apiAppDefinition = defineResource({
  kind: "ApiApp",
  impl: apiAppImpl,
  spec: apiAppSpec,
  examples: apiAppExamples,
});
