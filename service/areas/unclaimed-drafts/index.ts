/**
 * @module service/areas/unclaimed-drafts
 * Unclaimed drafts: create, create_embedded, create_embedded_with_template, edit_and_resend,
 * the claim URL served by this service (claim.ts) and control routes that stand in for the
 * claimer pressing "Send" (control.ts).
 */
import { route } from "../../http/route";
import type { Area } from "../../kernel";
import { claimRoute } from "./claim";
import { draftControlRoutes } from "./control";
import { createDraft, createEmbeddedDraft, createEmbeddedDraftWithTemplate, editAndResend } from "./create";

export const area: Area = {
  name: "unclaimed-drafts",
  routes: [
    route("unclaimed_draft.create", createDraft),
    route("unclaimed_draft.create_embedded", createEmbeddedDraft),
    route("unclaimed_draft.create_embedded_with_template", createEmbeddedDraftWithTemplate),
    route("unclaimed_draft.edit_and_resend", editAndResend),
    claimRoute,
  ],
  controlRoutes: draftControlRoutes,
};

export { drafts, type DraftRecord } from "./model";
