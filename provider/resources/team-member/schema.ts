import { z } from "zod";
import type { InputsOf, NoProps, ResourceAbout, StateOf } from "../define";
import { personShape } from "../shared/person-schema";

export const teamMemberInputs = z.object({
  emailAddress: personShape.emailAddress.meta({
    changeUnless: "the program gives the same `accountId` (the person changed address): then an update that sends nothing",
  }),
  accountId: personShape.accountId,
  teamId: z
    .string()
    .optional()
    .describe(
      "The team; defaults to the caller's team. A change moves the person (`POST /team/remove_member` with `new_team_id`): never out of the organization, and someone still invited keeps their invitation, now to the new team.",
    ),
  role: z.string().optional().describe("Member, Developer, Team Manager or Admin (default: Member, or the current role of an adopted member)."),
});

export const teamMemberOutputs = z.object({
  status: z.enum(["invited", "member"]).describe("`invited` until the invitation is accepted, then `member`."),
});

export const teamMemberAbout = {
  description:
    "One account on a team, as a member or with an invitation outstanding. A person already on the team (or invited) is taken over, with a warning naming them. A change of `teamId` moves the person; another person replaces the member, adding the new one before removing the old.",
  calls: [
    ["preview", "none"],
    [
      "create",
      "the team's people (below), then `PUT /team/add_member?team_id=...` only when the person is absent or has another role; `GET /team/info` first when `teamId` is unset (once per provider process)",
    ],
    [
      "refresh",
      "the team's people, read **once per team** and shared by every member of that team; within 30 s of the invitation, read again while `GET /team` leaves the new invitation out (the service's read-after-create lag)",
    ],
    ["update", "role: `PUT /team/add_member?team_id=...` with the new role; team: `POST /team/remove_member` with `new_team_id` and `new_role` (a move); address only: none"],
    [
      "delete",
      "`POST /team/remove_member` (`account_id` or `email_address`); it also expires a pending invitation. 404: already gone; after a lost answer the team is read again (the person gone = removed)",
    ],
  ],
  importId: "`<teamId>/<accountId or emailAddress>`",
  importExample: "alice <teamId>/alice@example.com",
  requiredOutputs: ["teamId", "emailAddress", "role", "status"] as const,
} satisfies ResourceAbout;

/** TeamMember's inputs, as check passes them on. */
export type TeamMemberInputs = InputsOf<typeof teamMemberInputs>;
/** What TeamMember's state holds: its inputs, its outputs (the required ones always there). */
export type TeamMemberState = StateOf<typeof teamMemberInputs, NoProps, typeof teamMemberOutputs, (typeof teamMemberAbout.requiredOutputs)[number]>;
