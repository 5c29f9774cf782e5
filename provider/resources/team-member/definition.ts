/** TeamMember: its implementation (resource.ts), properties and schema description (schema.ts) and examples, as one definition. */
import { idPair, personOf } from "../../core/import-id";
import { defineResource } from "../define";
import { personNames } from "../shared/managed-names";
import { teamMemberExamples } from "./examples";
import { teamMemberImpl } from "./resource";
import { teamMemberAbout, teamMemberInputs, teamMemberOutputs } from "./schema";

export const teamMemberDefinition = defineResource({
  kind: "TeamMember",
  inputs: teamMemberInputs,
  outputs: teamMemberOutputs,
  about: teamMemberAbout,
  impl: teamMemberImpl,
  examples: teamMemberExamples,
  adoptWith: () => "nothing: a member already on the team is taken over, with a warning",
  propsFromId: (id) => {
    const [teamId, person] = idPair("TeamMember", id, "<teamId>/<accountId or emailAddress>");
    return { teamId, ...personOf(person) };
  },
  logicalName: (key) => `member:${key}`,
  madeBy: { idempotent: "an invitation of someone on the team or invited is taken over in place (D6)" },
  manages: { collection: "members", names: personNames },
});
