import { z } from "zod";
import type { InputsOf, NoProps, ResourceAbout, StateOf } from "../define";
import { grantStatus, personShape } from "../shared/person-schema";

export const templateAccessInputs = z.object({
  templateId: z.string().describe("The template."),
  ...personShape,
  skipNotification: z.boolean().optional().describe("Do not e-mail the person about the grant (used at create only)."),
});

export const templateAccessOutputs = z.object({ status: grantStatus });

export const templateAccessAbout = {
  description:
    "Lets one account use a template. A grant already in place is taken over, with a warning naming it. A grant for someone whose team invitation is open is recorded as `pending`, with a warning.",
  calls: [
    ["preview", "none"],
    [
      "create",
      "`GET /template/{template_id}` (its `accounts`), then `POST /template/add_user/{template_id}` only when the account has no access yet; when that is refused for an open invitation, `GET /team/info` and the team's people (`GET /team`, and `GET /team/invites` while someone is invited: see TeamMember), once per run",
    ],
    ["refresh", "`GET /template/{template_id}`, read **once per template** and shared by every access to it"],
    ["delete", "`POST /template/remove_user/{template_id}` with `account_id` (404: already gone); nothing for a pending grant"],
  ],
  importId: "`<templateId>/<accountId>`",
  importExample: "nda-alice <templateId>/<accountId>",
  requiredOutputs: ["templateId", "status"] as const,
} satisfies ResourceAbout;

/** TemplateAccess's inputs, as check passes them on. */
export type TemplateAccessInputs = InputsOf<typeof templateAccessInputs>;
/** What TemplateAccess's state holds: its inputs, its outputs (the required ones always there). */
export type TemplateAccessState = StateOf<typeof templateAccessInputs, NoProps, typeof templateAccessOutputs, (typeof templateAccessAbout.requiredOutputs)[number]>;
