/** Requests of the unclaimed draft operations. Flag names follow service-api-facts §5. */
import { z } from "zod";
import * as L from "../limits";
import { UNCLAIMED_DRAFT_TYPES, oneOf } from "../enums";
import { all, atMostOneEnabled, documentSourceRule, emailAddress, expiresAt, extraDocumentSourceRule, id, metadata, text } from "../primitives";
import {
  attachmentInputSchema,
  customFieldInputSchema,
  documentSourceKeys,
  editorOptionsSchema,
  fieldOptionsSchema,
  formFieldKeys,
  groupsAreDefined,
  signingOptionsSchema,
  templateCcSchema,
  templateSignerSchema,
} from "./shared";

const url = () => z.url({ error: "must be a URL" });

/** Draft signers: name and e-mail are required only when type is request_signature. */
const draftSignerSchema = z.looseObject({
  name: z.string().optional(),
  email_address: emailAddress().optional(),
  order: z.number().int({ error: "must be an integer" }).min(0, { error: "at least 0" }).nullable().optional(),
});

type DraftShape = { type?: string; signers?: { name?: string; email_address?: string }[]; skip_me_now?: boolean };

function requestSignatureSigners(value: DraftShape, ctx: z.RefinementCtx): void {
  if ((value.type ?? "request_signature") !== "request_signature") return;
  (value.signers ?? []).forEach((signer, index) => {
    for (const key of ["name", "email_address"] as const) {
      if (!signer?.[key]) {
        ctx.addIssue({ code: "custom", path: ["signers", index, key], message: `${key} is required when type is request_signature` });
      }
    }
  });
}

function skipMeNowNotForSendDocument(value: DraftShape, ctx: z.RefinementCtx): void {
  if (value.skip_me_now === true && value.type === "send_document") {
    ctx.addIssue({ code: "custom", path: ["skip_me_now"], message: "skip_me_now is not allowed with type send_document" });
  }
}

const draftKeys = {
  ...documentSourceKeys,
  ...formFieldKeys,
  allow_decline: z.boolean().optional(),
  attachments: z.array(attachmentInputSchema).optional(),
  cc_email_addresses: z.array(emailAddress()).optional(),
  client_id: id().optional(),
  custom_fields: z.array(customFieldInputSchema).optional(),
  field_options: fieldOptionsSchema.optional(),
  hide_text_tags: z.boolean().optional(),
  message: text(L.MESSAGE_MAX_LENGTH).optional(),
  metadata: metadata().optional(),
  show_progress_stepper: z.boolean().optional(),
  signers: z.array(draftSignerSchema).optional(),
  signing_options: signingOptionsSchema.optional(),
  signing_redirect_url: url().optional(),
  subject: text(L.SUBJECT_SHORT_MAX_LENGTH).optional(),
  test_mode: z.boolean().optional(),
  use_text_tags: z.boolean().optional(),
  use_preexisting_fields: z.boolean().optional(),
  ignore_text_tags_extraction_errors: z.boolean().optional(),
  expires_at: expiresAt().optional(),
};

const draftRules = all(documentSourceRule, atMostOneEnabled("use_text_tags", "use_preexisting_fields"), requestSignatureSigners, groupsAreDefined);

export const unclaimedDraftCreateBody = z
  .object({
    ...draftKeys,
    type: oneOf(UNCLAIMED_DRAFT_TYPES),
  })
  .superRefine(draftRules);

export const unclaimedDraftCreateEmbeddedBody = z
  .object({
    ...draftKeys,
    client_id: id(),
    requester_email_address: emailAddress(),
    type: oneOf(UNCLAIMED_DRAFT_TYPES).optional(),
    allow_ccs: z.boolean().optional(),
    allow_reassign: z.boolean().optional(),
    editor_options: editorOptionsSchema.optional(),
    force_signer_page: z.boolean().optional(),
    force_subject_message: z.boolean().optional(),
    hold_request: z.boolean().optional(),
    is_for_embedded_signing: z.boolean().optional(),
    populate_auto_fill_fields: z.boolean().optional(),
    requesting_redirect_url: url().optional(),
    show_preview: z.boolean().optional(),
    skip_me_now: z.boolean().optional(),
  })
  .superRefine(all(draftRules, skipMeNowNotForSendDocument));

export const unclaimedDraftCreateEmbeddedWithTemplateBody = z
  .object({
    ...documentSourceKeys,
    client_id: id(),
    requester_email_address: emailAddress(),
    template_ids: z.array(id()).min(1, { error: "at least 1 item" }),
    signers: z.array(templateSignerSchema).optional(),
    ccs: z.array(templateCcSchema).optional(),
    custom_fields: z.array(customFieldInputSchema).optional(),
    allow_decline: z.boolean().optional(),
    allow_reassign: z.boolean().optional(),
    allow_ccs: z.boolean().optional(),
    editor_options: editorOptionsSchema.optional(),
    field_options: fieldOptionsSchema.optional(),
    signing_options: signingOptionsSchema.optional(),
    force_signer_roles: z.boolean().optional(),
    force_subject_message: z.boolean().optional(),
    hold_request: z.boolean().optional(),
    is_for_embedded_signing: z.boolean().optional(),
    populate_auto_fill_fields: z.boolean().optional(),
    message: text(L.MESSAGE_MAX_LENGTH).optional(),
    metadata: metadata().optional(),
    preview_only: z.boolean().optional(),
    show_preview: z.boolean().optional(),
    show_progress_stepper: z.boolean().optional(),
    requesting_redirect_url: url().optional(),
    signing_redirect_url: url().optional(),
    skip_me_now: z.boolean().optional(),
    subject: text(L.SUBJECT_MAX_LENGTH).optional(),
    title: text(L.TITLE_MAX_LENGTH).optional(),
    test_mode: z.boolean().optional(),
    // The templates bring the documents; files add to them (the spec requires neither).
  })
  .superRefine(extraDocumentSourceRule);

export const unclaimedDraftEditAndResendBody = z.object({
  client_id: id(),
  editor_options: editorOptionsSchema.optional(),
  is_for_embedded_signing: z.boolean().optional(),
  requester_email_address: emailAddress().optional(),
  requesting_redirect_url: url().optional(),
  show_progress_stepper: z.boolean().optional(),
  signing_redirect_url: url().optional(),
  test_mode: z.boolean().optional(),
});
