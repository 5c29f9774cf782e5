import type { ResourceSpec } from "../spec";
import { grantStatus, personInputs } from "./person";

export const faxLineUserSpec: ResourceSpec = {
  description: "Lets one account use a fax line. A grant for someone whose team invitation is open is recorded as `pending`, with a warning.",
  calls: [
    ["preview", "none"],
    ["create", "`GET /fax_line?number=...` (its `accounts`), then `PUT /fax_line/add_user` only when the account is not on the line; when that is refused for an open invitation, `GET /team/info`, the team's member list, `GET /team/invites` and `GET /team` (once per run)"],
    ["refresh", "`GET /fax_line?number=...`, read **once per line** and shared by every user of it"],
    ["delete", "`PUT /fax_line/remove_user` with `{number, account_id}` (404: already gone); nothing for a pending grant"],
  ],
  importId: "`<number>/<accountId>`",
  inputs: {
    number: { type: "string", description: "The fax line's number." },
    ...personInputs,
  },
  requiredInputs: ["number"],
  outputs: { status: grantStatus },
  requiredOutputs: ["number", "status"],
};
