import type { ResourceSpec } from "../../schema/spec";
import { grantStatus, personInputs } from "../../schema/resources/person";

export const faxLineUserSpec: ResourceSpec = {
  description: "Lets one account use a fax line. A grant already in place is taken over, with a warning naming it. A grant for someone whose team invitation is open is recorded as `pending`, with a warning.",
  calls: [
    ["preview", "none"],
    ["create", "`GET /fax_line?number=...` (its `accounts`), then `PUT /fax_line/add_user` only when the account is not on the line; when that is refused for an open invitation, `GET /team/info` and the team's people (`GET /team`, and `GET /team/invites` while someone is invited: see TeamMember), once per run"],
    ["refresh", "`GET /fax_line?number=...`, read **once per line** and shared by every user of it"],
    ["delete", "`PUT /fax_line/remove_user` with `{number, account_id}` (404: already gone); nothing for a pending grant"],
  ],
  importId: "`<number>/<accountId>`",
  importExample: "main-alice <number>/<accountId>",
  inputs: {
    number: { type: "string", description: "The fax line's number." },
    ...personInputs,
  },
  requiredInputs: ["number"],
  outputs: { status: grantStatus },
  requiredOutputs: ["number", "status"],
};
