/** Requests of the template operations and embedded.edit_url. */
import { z } from "zod";
import * as L from "../limits";
import { emailAddress, exactlyOneOf, id, metadata, oneRequired, pageQuery, text, all, atMostOneEnabled } from "../primitives";
import {
  attachmentInputSchema,
  documentSourceKeys,
  editorOptionsSchema,
  fieldOptionsSchema,
  formFieldKeys,
  formFieldInputSchema,
  groupsAreDefined,
  mergeFieldSchema,
  signerExperienceSchema,
  signerRoleSchema,
} from "./shared";

/** Content fields of template.create and template.create_embedded_draft. */
const templateContentKeys = {
  ...documentSourceKeys,
  ...formFieldKeys,
  title: z.string().optional(),
  subject: text(L.SUBJECT_SHORT_MAX_LENGTH).optional(),
  message: text(L.MESSAGE_MAX_LENGTH).optional(),
  signer_roles: z.array(signerRoleSchema).optional(),
  cc_roles: z.array(z.string()).optional(),
  merge_fields: z.array(mergeFieldSchema).optional(),
  attachments: z.array(attachmentInputSchema).optional(),
  field_options: fieldOptionsSchema.optional(),
  metadata: metadata().optional(),
  client_id: id().optional(),
  allow_reassign: z.boolean().optional(),
  use_preexisting_fields: z.boolean().optional(),
  use_text_tags: z.boolean().optional(),
  ignore_text_tags_extraction_errors: z.boolean().optional(),
  test_mode: z.boolean().optional(),
  signer_experience: signerExperienceSchema.optional(),
};

const contentRules = all(exactlyOneOf("files", "file_urls"), atMostOneEnabled("use_text_tags", "use_preexisting_fields"));

export const templateCreateBody = z
  .object({
    ...templateContentKeys,
    form_fields_per_document: z.array(formFieldInputSchema),
    signer_roles: z.array(signerRoleSchema).min(1, { error: "at least 1 item" }),
  })
  .superRefine(all(contentRules, groupsAreDefined));

export const templateCreateEmbeddedDraftBody = z
  .object({
    ...templateContentKeys,
    client_id: id(),
    allow_ccs: z.boolean().optional(),
    editor_options: editorOptionsSchema.optional(),
    force_signer_roles: z.boolean().optional(),
    force_subject_message: z.boolean().optional(),
    show_preview: z.boolean().optional(),
    show_progress_stepper: z.boolean().optional(),
    skip_me_now: z.boolean().optional(),
  })
  .superRefine(all(contentRules, groupsAreDefined));

export const templateIdParams = z.object({ template_id: id() });
/** force_download: 1 (default) serves the file as a download, 0 lets the browser render it. */
export const templateFilesAsFileUrlQuery = z.object({ force_download: z.union([z.literal(0), z.literal(1)], { error: "must be 0 or 1" }).optional() });
export const templateListQuery = z.object({ account_id: id().optional(), query: z.string().optional(), ...pageQuery });

/** add_user: account_id or email_address (the id prevails), skip_notification. */
export const templateAddUserBody = z
  .object({
    account_id: id().optional(),
    email_address: emailAddress().optional(),
    skip_notification: z.boolean().optional(),
  })
  .superRefine(oneRequired("account_id", "email_address"));

export const templateRemoveUserBody = z
  .object({
    account_id: id().optional(),
    email_address: emailAddress().optional(),
  })
  .superRefine(oneRequired("account_id", "email_address"));

export const templateUpdateFilesBody = z
  .object({
    ...documentSourceKeys,
    client_id: id().optional(),
    subject: text(L.UPDATE_FILES_SUBJECT_MAX_LENGTH).optional(),
    message: text(L.MESSAGE_MAX_LENGTH).optional(),
    test_mode: z.boolean().optional(),
  })
  .superRefine(exactlyOneOf("files", "file_urls"));

/** template.update (SDK spec only): rename fields, change texts and CC roles. */
export const templateUpdateBody = z.object({
  title: z.string().optional(),
  subject: text(L.SUBJECT_SHORT_MAX_LENGTH).optional(),
  message: text(L.MESSAGE_MAX_LENGTH).optional(),
  cc_roles: z.array(z.string()).optional(),
  signer_experience: signerExperienceSchema.optional(),
  form_fields: z.array(z.looseObject({ api_id: z.string().min(1, { error: "must not be empty" }), name: z.string().optional() })).optional(),
});

export const embeddedEditUrlBody = z.object({
  allow_edit_ccs: z.boolean().optional(),
  cc_roles: z.array(z.string()).optional(),
  editor_options: editorOptionsSchema.optional(),
  force_signer_roles: z.boolean().optional(),
  force_subject_message: z.boolean().optional(),
  merge_fields: z.array(mergeFieldSchema).optional(),
  preview_only: z.boolean().optional(),
  show_preview: z.boolean().optional(),
  show_progress_stepper: z.boolean().optional(),
  test_mode: z.boolean().optional(),
  // SubSignerExperience: form_view is optional here (edit_url keeps nothing of it); the routes
  // that store it keep it required, since the template and request responses require it.
  signer_experience: signerExperienceSchema.partial().optional(),
});
