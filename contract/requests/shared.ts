/**
 * Request pieces shared by signature requests, templates and drafts: signers, form fields,
 * signing options, attachments, editor options. Open structures (items the spec leaves
 * "not shown") are loose objects so the service and client pass them through unchanged.
 */
import { z } from "zod";
import { E164_PATTERN, emailAddress, fileUploads, fileUrls, id } from "../primitives";
import { FORM_FIELD_TYPES, MERGE_FIELD_TYPES, SIGNATURE_TYPES, SIGNER_EXPERIENCE_FORM_VIEWS, oneOf } from "../enums";

const int = () => z.number().int({ error: "must be an integer" });
/** A signer's access code: 4 to 12 characters (the official description's minLength/maxLength). */
const pin = () => z.string().min(4, { error: "must be 4 to 12 characters" }).max(12, { error: "must be 4 to 12 characters" });
const nonNegativeInt = () => int().min(0, { error: "at least 0" });

/** A signer of a file-based request: name and e-mail, optional order. */
export const signerSchema = z.looseObject({
  name: z.string().min(1, { error: "must not be empty" }),
  email_address: emailAddress(),
  order: nonNegativeInt().nullable().optional(),
  pin: pin().optional(),
  sms_phone_number: z.string().regex(E164_PATTERN, { error: "must be an E.164 phone number" }).optional(),
});

/** grouped_signers items (contents left open by the spec; group + signers as in the SDK). */
export const groupedSignerSchema = z.looseObject({
  group: z.string().min(1, { error: "must not be empty" }),
  signers: z.array(signerSchema).min(1, { error: "at least 1 item" }),
  order: nonNegativeInt().nullable().optional(),
});

/** A signer of a template-based draft: role, name, e-mail. */
export const templateSignerSchema = z.looseObject({
  role: z.string().min(1, { error: "must not be empty" }),
  name: z.string().min(1, { error: "must not be empty" }),
  email_address: emailAddress(),
  pin: pin().optional(),
  sms_phone_number: z.string().regex(E164_PATTERN, { error: "must be an E.164 phone number" }).optional(),
});

export const templateCcSchema = z.looseObject({ role: z.string().min(1, { error: "must not be empty" }), email_address: emailAddress() });

/** signer_roles on template input: {name, order?}. */
export const signerRoleSchema = z.looseObject({
  name: z.string().min(1, { error: "must not be empty" }),
  order: nonNegativeInt().nullable().optional(),
});

export const mergeFieldSchema = z.looseObject({ name: z.string().min(1, { error: "must not be empty" }), type: oneOf(MERGE_FIELD_TYPES) });

export const signingOptionsSchema = z.looseObject({
  default_type: oneOf(SIGNATURE_TYPES),
  draw: z.boolean().optional(),
  phone: z.boolean().optional(),
  type: z.boolean().optional(),
  upload: z.boolean().optional(),
  force_advanced_signature_details: z.boolean().optional(),
});

export const fieldOptionsSchema = z.looseObject({ date_format: z.string().optional() });

export const editorOptionsSchema = z.looseObject({
  allow_edit_signers: z.boolean().optional(),
  allow_edit_documents: z.boolean().optional(),
});

export const signerExperienceSchema = z.looseObject({ form_view: oneOf(SIGNER_EXPERIENCE_FORM_VIEWS) });

export const attachmentInputSchema = z.looseObject({
  name: z.string().min(1, { error: "must not be empty" }),
  signer_index: nonNegativeInt(),
  instructions: z.string().optional(),
  required: z.boolean().optional(),
});

export const customFieldInputSchema = z.looseObject({
  name: z.string().min(1, { error: "must not be empty" }),
  value: z.string().optional(),
  editor: z.string().optional(),
  required: z.boolean().optional(),
});

/** One entry of form_fields_per_document. */
export const formFieldInputSchema = z.looseObject({
  document_index: nonNegativeInt(),
  api_id: z.string().min(1, { error: "must not be empty" }),
  name: z.string().optional(),
  placeholder: z.string().optional(),
  type: oneOf(FORM_FIELD_TYPES),
  x: nonNegativeInt(),
  y: nonNegativeInt(),
  width: nonNegativeInt(),
  height: nonNegativeInt(),
  required: z.boolean(),
  signer: z.union([int(), z.string()], { error: "must be a signer index or role" }),
  page: int().min(1, { error: "at least 1" }).nullable().optional(),
  validation_type: z.string().optional(),
  group: z.string().optional(),
});

export const formFieldGroupSchema = z.looseObject({
  group_id: z.string().min(1, { error: "must not be empty" }),
  group_label: z.string().min(1, { error: "must not be empty" }),
  requirement: z.string().min(1, { error: "must not be empty" }),
});

export const formFieldRuleSchema = z.looseObject({ id: z.string().optional() });

/** Form fields keys shared by every document-carrying request. */
export const formFieldKeys = {
  form_fields_per_document: z.array(formFieldInputSchema).optional(),
  form_field_groups: z.array(formFieldGroupSchema).optional(),
  form_field_rules: z.array(formFieldRuleSchema).optional(),
};

/** Every `group` a field references must be defined in form_field_groups. */
export function groupsAreDefined(value: { form_fields_per_document?: { group?: string }[]; form_field_groups?: { group_id?: string }[] }, ctx: z.RefinementCtx): void {
  const defined = new Set((value.form_field_groups ?? []).map((group) => group?.group_id));
  (value.form_fields_per_document ?? []).forEach((field, index) => {
    if (field?.group !== undefined && !defined.has(field.group)) {
      ctx.addIssue({
        code: "custom",
        path: ["form_fields_per_document", index, "group"],
        message: `group ${field.group} must be defined in form_field_groups`,
      });
    }
  });
}

export { int, nonNegativeInt, id };

/** files / file_urls: exactly one is required where an endpoint says so (see exactlyOneOf). */
export const documentSourceKeys = {
  files: fileUploads().optional(),
  file_urls: fileUrls().optional(),
};
