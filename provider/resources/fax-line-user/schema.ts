import { z } from "zod";
import type { InputsOf, NoProps, ResourceAbout, StateOf } from "../define";
import { grantStatus, personShape } from "../shared/person-schema";

export const faxLineUserInputs = z.object({
  number: z.string().describe("The fax line's number."),
  ...personShape,
});

export const faxLineUserOutputs = z.object({ status: grantStatus });

export const faxLineUserAbout = {
  description:
    "Lets one account use a fax line. A grant already in place is taken over, with a warning naming it. A grant for someone whose team invitation is open is recorded as `pending`, with a warning.",
  calls: [
    ["preview", "none"],
    [
      "create",
      "`GET /fax_line?number=...` (its `accounts`), then `PUT /fax_line/add_user` only when the account is not on the line; when that is refused for an open invitation, `GET /team/info` and the team's people (`GET /team`, and `GET /team/invites` while someone is invited: see TeamMember), once per run",
    ],
    ["refresh", "`GET /fax_line?number=...`, read **once per line** and shared by every user of it"],
    ["delete", "`PUT /fax_line/remove_user` with `{number, account_id}` (404: already gone); nothing for a pending grant"],
  ],
  importId: "`<number>/<accountId>`",
  importExample: "main-alice <number>/<accountId>",
  requiredOutputs: ["number", "status"] as const,
} satisfies ResourceAbout;

/** FaxLineUser's inputs, as check passes them on. */
export type FaxLineUserInputs = InputsOf<typeof faxLineUserInputs>;
/** What FaxLineUser's state holds: its inputs, its outputs (the required ones always there). */
export type FaxLineUserState = StateOf<typeof faxLineUserInputs, NoProps, typeof faxLineUserOutputs, (typeof faxLineUserAbout.requiredOutputs)[number]>;
