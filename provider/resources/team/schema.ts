import { z } from "zod";
import type { InputsOf, NoProps, ResourceAbout, StateOf } from "../define";

export const teamInputs = z.object({
  name: z.string().optional().describe("The team's name; unset means the service's default (\"Untitled Team\") and leaves a name changed elsewhere alone."),
  adopt: z.boolean().optional().describe("Take over the caller's existing team (a warning names it) instead of failing because the caller is already on one."),
});

export const teamOutputs = z.object({
  teamId: z.string().describe("The team id (also the resource id)."),
});

export const teamAbout = {
  description: "The account's team (an account belongs to at most one). Who is on it is held by TeamMember resources.",
  calls: [
    ["preview", "none"],
    [
      "create",
      "`POST /team/create`, then `GET /team/info` (the team id; none when the answer's accounts state their `team_id`) and `GET /team`, each tried again while a 404 within 30 s of the create says the service does not show the new team yet (its read-after-create lag); after a lost answer, `GET /team` shows whether the team was made",
    ],
    ["create with `adopt: true`", "`GET /team`, `PUT /team` only if `name` differs, `GET /team/info`; when the caller has no team (404), as create"],
    [
      "refresh",
      "`GET /team` (shared with the members' refresh), and `GET /team/info` only when its accounts lack the team id; when the caller is now on another team, this one is gone and leaves state (within 30 s of the create, tried again until then)",
    ],
    ["update", "`PUT /team`"],
    ["delete", "`DELETE /team/destroy`"],
  ],
  importId: "the team id",
  importExample: "team <teamId>",
  requiredOutputs: ["teamId", "name"] as const,
} satisfies ResourceAbout;

/** Team's inputs, as check passes them on. */
export type TeamInputs = InputsOf<typeof teamInputs>;
/** What Team's state holds: its inputs, its outputs (the required ones always there). */
export type TeamState = StateOf<typeof teamInputs, NoProps, typeof teamOutputs, (typeof teamAbout.requiredOutputs)[number]>;
