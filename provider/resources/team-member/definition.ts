/** TeamMember: its implementation (resource.ts), schema description (schema.ts) and examples, as one definition. */
import { idPair, personOf } from "../../core/import-id";
import { defineResource } from "../define";
import { teamMemberExamples } from "./examples";
import { teamMemberImpl } from "./resource";
import { teamMemberSpec } from "./schema";

export const teamMemberDefinition = defineResource({
  kind: "TeamMember",
  impl: teamMemberImpl,
  spec: teamMemberSpec,
  examples: teamMemberExamples,
  propsFromId: (id) => {
    const [teamId, person] = idPair("TeamMember", id, "<teamId>/<accountId or emailAddress>");
    return { teamId, ...personOf(person) };
  },
});
