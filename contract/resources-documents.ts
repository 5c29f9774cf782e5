/** Response schemas of document resources: signature requests, templates, drafts, detection, faxes. */
import { z } from "zod";
import { accountSchema, warningSchema } from "./resources-account";
import { looseInt, looseNumber } from "./resources-tolerant";

const str = () => z.string().nullable();
const int = () => z.number().int().nullable();
const bool = () => z.boolean().nullable();

export const signatureSchema = z.looseObject({
  signature_id: z.string(),
  signer_email_address: str().optional(),
  signer_name: str().optional(),
  signer_role: str().optional(),
  order: int().optional(),
  status_code: str().optional(),
  signed_at: int().optional(),
  last_viewed_at: int().optional(),
  last_reminded_at: int().optional(),
  has_pin: bool().optional(),
  has_sms_auth: bool().optional(),
});

export const attachmentSchema = z.looseObject({
  id: z.string(),
  signer: z.union([z.string(), z.number()]).nullable().optional(),
  name: str().optional(),
  required: bool().optional(),
  instructions: str().optional(),
  uploaded_at: int().optional(),
});

export const signatureRequestSchema = z.looseObject({
  signature_request_id: z.string(),
  title: str().optional(),
  original_title: str().optional(),
  subject: str().optional(),
  message: str().optional(),
  test_mode: bool().optional(),
  metadata: z.record(z.string(), z.unknown()).nullable().optional(),
  created_at: int().optional(),
  expires_at: int().optional(),
  is_complete: bool().optional(),
  is_declined: bool().optional(),
  has_error: bool().optional(),
  custom_fields: z.array(z.unknown()).nullable().optional(),
  response_data: z.array(z.unknown()).nullable().optional(),
  signing_url: str().optional(),
  signing_redirect_url: str().optional(),
  files_url: str().optional(),
  details_url: str().optional(),
  requester_email_address: str().optional(),
  signatures: z.array(signatureSchema).nullable().optional(),
  cc_email_addresses: z.array(z.string()).nullable().optional(),
  attachments: z.array(attachmentSchema).nullable().optional(),
  template_ids: z.array(z.string()).nullable().optional(),
});

/** A form field of a template document (text fields add camelCase keys on the wire). */
export const templateFormFieldSchema = z.looseObject({
  api_id: z.string(),
  name: str().optional(),
  type: str().optional(),
  signer: z.union([z.string(), z.number()]).nullable().optional(),
  // Fractional (596.5) and textual ("12px") numbers are recorded: read as numbers.
  x: looseNumber().optional(),
  y: looseNumber().optional(),
  width: looseNumber().optional(),
  height: looseNumber().optional(),
  required: bool().optional(),
  group: str().optional(),
  avg_text_length: z.looseObject({ num_lines: looseInt().optional(), num_chars_per_line: looseInt().optional() }).nullable().optional(),
  isMultiline: bool().optional(),
  fontSize: looseNumber().optional(),
  originalFontSize: looseNumber().optional(),
  fontFamily: str().optional(),
});

export const templateDocumentSchema = z.looseObject({
  // Recorded as 0, "0" and null.
  index: looseInt().optional(),
  name: str().optional(),
  field_groups: z
    .array(z.looseObject({ name: str().optional(), rule: z.unknown().optional() }))
    .nullable()
    .optional(),
  form_fields: z.array(templateFormFieldSchema).nullable().optional(),
  custom_fields: z.array(z.unknown()).nullable().optional(),
});

/** template: the full object from get/list/add_user; create and update_files return only template_id. */
export const templateSchema = z.looseObject({
  template_id: z.string(),
  title: str().optional(),
  message: str().optional(),
  updated_at: int().optional(),
  is_creator: bool().optional(),
  is_embedded: bool().optional(),
  can_edit: bool().optional(),
  is_locked: bool().optional(),
  metadata: z.record(z.string(), z.unknown()).nullable().optional(),
  signer_roles: z
    .array(z.looseObject({ name: z.string(), order: looseInt().optional() }))
    .nullable()
    .optional(),
  cc_roles: z
    .array(z.looseObject({ name: z.string() }))
    .nullable()
    .optional(),
  documents: z.array(templateDocumentSchema).nullable().optional(),
  accounts: z.array(accountSchema).nullable().optional(),
});

/** template.create_embedded_draft: template_id, edit_url, expires_at. */
export const templateDraftSchema = z.looseObject({
  template_id: z.string(),
  edit_url: z.string(),
  expires_at: int().optional(),
});

export const unclaimedDraftSchema = z.looseObject({
  claim_url: z.string(),
  signature_request_id: str().optional(),
  signing_redirect_url: str().optional(),
  requesting_redirect_url: str().optional(),
  test_mode: bool().optional(),
  expires_at: int().optional(),
});

export const detectionResultSchema = z.looseObject({
  document_hash: str().optional(),
  detection_mode: str().optional(),
  page_count: int().optional(),
  pages_analyzed: str().optional(),
  detected_at: int().optional(),
  form_fields_per_document: z
    .array(
      z.looseObject({
        document_index: int().optional(),
        api_id: str().optional(),
        height: int().optional(),
        name: str().optional(),
        page: int().optional(),
        required: bool().optional(),
        signer: z.union([z.string(), z.number()]).nullable().optional(),
        type: str().optional(),
        width: int().optional(),
        x: int().optional(),
        y: int().optional(),
      }),
    )
    .nullable()
    .optional(),
  form_field_groups: z
    .array(
      z.looseObject({
        group_id: str().optional(),
        group_label: str().optional(),
        requirement: str().optional(),
      }),
    )
    .nullable()
    .optional(),
  warnings: z.array(warningSchema).nullable().optional(),
  errors: z
    .array(z.looseObject({ error_msg: z.string(), error_path: str().optional(), error_name: z.string() }))
    .nullable()
    .optional(),
  suggestions: z.array(z.string()).nullable().optional(),
});

export const faxTransmissionSchema = z.looseObject({
  recipient: str().optional(),
  sender: str().optional(),
  sent_at: int().optional(),
  status_code: str().optional(),
});

export const faxSchema = z.looseObject({
  fax_id: z.string(),
  title: str().optional(),
  original_title: str().optional(),
  subject: str().optional(),
  message: str().optional(),
  metadata: z
    .union([z.array(z.unknown()), z.record(z.string(), z.unknown())])
    .nullable()
    .optional(),
  created_at: int().optional(),
  sender: str().optional(),
  transmissions: z.array(faxTransmissionSchema).nullable().optional(),
  files_url: str().optional(),
});
