/** Team: its implementation (resource.ts), properties and schema description (schema.ts) and examples, as one definition. */
import { defineResource } from "../define";
import { teamFinder } from "./made";
import { teamExamples } from "./examples";
import { teamImpl } from "./resource";
import { teamAbout, teamInputs, teamOutputs } from "./schema";

export const teamDefinition = defineResource({
  kind: "Team",
  inputs: teamInputs,
  outputs: teamOutputs,
  about: teamAbout,
  impl: teamImpl,
  examples: teamExamples,
  adoptWith: () => "adopt: true",
  idOutput: "teamId",
  logicalName: () => "team",
  madeBy: { finder: teamFinder },
});
