/** TeamMemberSet: its implementation (resource.ts), properties and schema description (schema.ts) and examples, as one definition. */
import { defineResource } from "../define";
import { listNames } from "../shared/managed-names";
import { teamMemberSetExamples } from "./examples";
import { teamMemberSetImpl } from "./resource";
import { teamMemberSetAbout, teamMemberSetComputed, teamMemberSetInputs, teamMemberSetOutputs } from "./schema";

export const teamMemberSetDefinition = defineResource({
  kind: "TeamMemberSet",
  inputs: teamMemberSetInputs,
  computed: teamMemberSetComputed,
  outputs: teamMemberSetOutputs,
  about: teamMemberSetAbout,
  impl: teamMemberSetImpl,
  examples: teamMemberSetExamples,
  adoptWith: () => "nothing: the set removes only, so creating it takes the list over",
  idOutput: "teamId",
  logicalName: () => "members",
  madeBy: { idempotent: "the create applies the list: applying it again removes nothing more" },
  manages: { collection: "members", names: listNames("members"), authoritative: true },
});
