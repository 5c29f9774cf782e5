import { z } from "zod";
import type { InputsOf, ResourceAbout, StateOf } from "../define";
import { keepInput, maxRemovalsInput, removalsComputed, removedOutput } from "../shared/set-schema";

export const teamMemberSetInputs = z.object({
  teamId: z.string().optional().describe("The team; defaults to the caller's team. A change replaces the set (removing nobody from the old team)."),
  members: z
    .array(z.string())
    .describe(
      "Everyone the team has besides the key holder: e-mail addresses or account ids of its members and of the people with an open invitation. Whoever else is on the team or invited to it is removed by the next `up` (the preview lists them in `removals`). Nobody is added: declare each person with a `TeamMember`.",
    ),
  keep: keepInput,
  maxRemovals: maxRemovalsInput,
});

export const teamMemberSetComputed = removalsComputed;

export const teamMemberSetOutputs = z.object({ removed: removedOutput });

export const teamMemberSetAbout = {
  description:
    "The whole list of a team's people (authoritative, like Terraform's `github_team_members`): whoever the team has or has invited besides the listed people is removed by the next `up`, and the preview names each of them (`removals`). It adds nobody (each person is a `TeamMember`). Never removed: the account that holds the key, the team's last Admins, anyone matching `keep`; more than `maxRemovals` (default 5) removals in one run fail the preview. Deleting the set removes nobody.",
  calls: [
    ["preview", "the team's people, read **once per team** and shared with `TeamMember` (`GET /team`, `GET /team/invites` while someone is invited; `GET /team/info` first when `teamId` is unset)"],
    ["create", "`POST /team/remove_member` for each of `removals` (an open invitation is expired); nothing when there is none"],
    ["refresh", "the team's people (shared, as above): `removals` is who the next `up` would remove"],
    ["update", "as create"],
    ["delete", "none: the list stops being authoritative"],
  ],
  importId: "`<teamId>`",
  importExample: "everyone <teamId>",
  requiredOutputs: ["teamId", "removed"] as const,
} satisfies ResourceAbout;

/** TeamMemberSet's inputs, as check passes them on (with what it computed). */
export type TeamMemberSetInputs = InputsOf<typeof teamMemberSetInputs, typeof teamMemberSetComputed>;
/** What TeamMemberSet's state holds. */
export type TeamMemberSetState = StateOf<typeof teamMemberSetInputs, typeof teamMemberSetComputed, typeof teamMemberSetOutputs, (typeof teamMemberSetAbout.requiredOutputs)[number]>;
