import type { ResourceSpec } from "../spec";
import { personInputs } from "./person";

export const teamMemberSpec: ResourceSpec = {
  description: "One account on the team, as a member or with an invitation outstanding. An existing membership is adopted.",
  importId: "`<teamId>/<accountId or emailAddress>`",
  inputs: {
    ...personInputs,
    teamId: { type: "string", description: "The team; defaults to the caller's team." },
    role: { type: "string", description: "Member, Developer, Team Manager or Admin (default: Member, or the current role of an adopted member)." },
  },
  outputs: {
    status: { type: "string", description: "`invited` until the invitation is accepted, then `member`." },
  },
  requiredOutputs: ["teamId", "emailAddress", "role", "status"],
};
