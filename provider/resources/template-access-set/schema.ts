import { z } from "zod";
import type { InputsOf, ResourceAbout, StateOf } from "../define";
import { keepInput, maxRemovalsInput, removalsComputed, removedOutput } from "../shared/set-schema";

export const templateAccessSetInputs = z.object({
  templateId: z.string().describe("The template."),
  users: z
    .array(z.string())
    .describe(
      "Everyone who may use the template besides its owner and the key holder: e-mail addresses or account ids. Whoever else has access is removed by the next `up` (the preview lists them in `removals`). Nobody is added: declare each grant with a `TemplateAccess`.",
    ),
  keep: keepInput,
  maxRemovals: maxRemovalsInput,
});

export const templateAccessSetComputed = removalsComputed;

export const templateAccessSetOutputs = z.object({ removed: removedOutput });

export const templateAccessSetAbout = {
  description:
    "The whole list of who may use a template (authoritative, like Google IAM's `_binding` next to `_member`): whoever else has access is removed by the next `up`, and the preview names each of them (`removals`). It grants nobody (each grant is a `TemplateAccess`). Never removed: the template's owner, the account that holds the key, anyone matching `keep`; more than `maxRemovals` (default 5) removals in one run fail the preview. Deleting the set removes nobody.",
  calls: [
    ["preview", "`GET /template/{template_id}` (its `accounts`), read **once per template** and shared with `TemplateAccess`"],
    ["create", "`POST /template/remove_user/{template_id}` for each of `removals`; nothing when there is none"],
    ["refresh", "the template's accounts (shared, as above): `removals` is who the next `up` would remove"],
    ["update", "as create"],
    ["delete", "none: the list stops being authoritative"],
  ],
  importId: "`<templateId>`",
  importExample: "contract-users <templateId>",
  requiredOutputs: ["templateId", "removed"] as const,
} satisfies ResourceAbout;

/** TemplateAccessSet's inputs, as check passes them on (with what it computed). */
export type TemplateAccessSetInputs = InputsOf<typeof templateAccessSetInputs, typeof templateAccessSetComputed>;
/** What TemplateAccessSet's state holds. */
export type TemplateAccessSetState = StateOf<
  typeof templateAccessSetInputs,
  typeof templateAccessSetComputed,
  typeof templateAccessSetOutputs,
  (typeof templateAccessSetAbout.requiredOutputs)[number]
>;
