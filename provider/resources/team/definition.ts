/** Team: its implementation (resource.ts), schema description (schema.ts) and examples, as one definition. */
import { defineResource } from "../define";
import { teamExamples } from "./examples";
import { teamImpl } from "./resource";
import { teamSpec } from "./schema";

export const teamDefinition = defineResource({
  kind: "Team",
  impl: teamImpl,
  spec: teamSpec,
  examples: teamExamples,
});
