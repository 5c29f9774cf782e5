/** Requests of signature_request.edit / get / list. */
import { z } from "zod";
import * as L from "../limits";
import { all, atMostOneEnabled, documentSourceRule, exactlyOneOf, expiresAt, id, metadata, pageQuery, text } from "../primitives";
import {
  attachmentInputSchema,
  customFieldInputSchema,
  documentSourceKeys,
  fieldOptionsSchema,
  formFieldKeys,
  groupedSignerSchema,
  groupsAreDefined,
  signerExperienceSchema,
  signerSchema,
  signingOptionsSchema,
} from "./shared";
import { emailAddress } from "../primitives";

export const signatureRequestEditBody = z
  .object({
    ...documentSourceKeys,
    ...formFieldKeys,
    signers: z.array(signerSchema).min(1, { error: "at least 1 item" }).optional(),
    grouped_signers: z.array(groupedSignerSchema).min(1, { error: "at least 1 item" }).optional(),
    allow_decline: z.boolean().optional(),
    allow_reassign: z.boolean().optional(),
    attachments: z.array(attachmentInputSchema).optional(),
    cc_email_addresses: z.array(emailAddress()).optional(),
    client_id: id().optional(),
    custom_fields: z.array(customFieldInputSchema).optional(),
    field_options: fieldOptionsSchema.optional(),
    hide_text_tags: z.boolean().optional(),
    is_eid: z.boolean().optional(),
    message: text(L.MESSAGE_MAX_LENGTH).optional(),
    metadata: metadata().optional(),
    signing_options: signingOptionsSchema.optional(),
    signing_redirect_url: z.url({ error: "must be a URL" }).optional(),
    subject: text(L.SUBJECT_MAX_LENGTH).optional(),
    test_mode: z.boolean().optional(),
    title: text(L.TITLE_MAX_LENGTH).optional(),
    use_text_tags: z.boolean().optional(),
    use_preexisting_fields: z.boolean().optional(),
    ignore_text_tags_extraction_errors: z.boolean().optional(),
    expires_at: expiresAt().optional(),
    signer_experience: signerExperienceSchema.optional(),
  })
  .superRefine(all(documentSourceRule, exactlyOneOf("signers", "grouped_signers"), atMostOneEnabled("use_text_tags", "use_preexisting_fields"), groupsAreDefined, eidRules));

/** is_eid: one signer only, not in test_mode. */
function eidRules(value: { is_eid?: boolean; test_mode?: boolean; signers?: unknown[]; grouped_signers?: unknown[] }, ctx: z.RefinementCtx): void {
  if (value.is_eid !== true) return;
  const signerCount = (value.signers?.length ?? 0) + (value.grouped_signers?.length ?? 0);
  if (signerCount > L.EID_MAX_SIGNERS) {
    ctx.addIssue({ code: "custom", path: ["is_eid"], message: `is_eid allows at most ${L.EID_MAX_SIGNERS} signer` });
  }
  if (value.test_mode === true) {
    ctx.addIssue({ code: "custom", path: ["is_eid"], message: "is_eid is not allowed in test_mode" });
  }
}

export const signatureRequestIdParams = z.object({ signature_request_id: id() });
export const signatureRequestListQuery = z.object({ account_id: id().optional(), query: z.string().optional(), ...pageQuery });
