import type { ResourceSpec } from "../spec";
import { personInputs } from "./person";

export const teamMemberSpec: ResourceSpec = {
  description: "One account on the team, as a member or with an invitation outstanding. An existing membership is adopted.",
  calls: [
    ["preview", "none"],
    ["create", "the team's people (below), then `PUT /team/add_member?team_id=...` only when the person is absent or has another role; `GET /team/info` first when `teamId` is unset (once per provider process)"],
    ["refresh", "the team's people, read **once per team** and shared by every member of that team"],
    ["update", "`PUT /team/add_member?team_id=...`"],
    ["delete", "`POST /team/remove_member` (`account_id` or `email_address`); it also expires a pending invitation. 404: already gone"],
  ],
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
