import { z } from "zod";
import type { InputsOf, ResourceAbout, StateOf } from "../define";

/** One of the API's own objects, passed through with camelCase keys (`pulumi.json#/Any` in the schema). */
const apiObject = () => z.record(z.string(), z.unknown()).meta({ ref: "pulumi.json#/Any" });
const apiObjects = (description: string) => z.array(apiObject()).describe(description);

// Loose: keys of the API's own objects beyond these pass through to the contract's check.
export const templateSignerRole = z
  .looseObject({
    name: z.string().describe("The role's name."),
    order: z.int().optional().describe("The role's place in the signing order."),
  })
  .meta({ ref: "TemplateSignerRole", typeDescription: "A signer role of a template." });

export const templateMergeField = z
  .looseObject({
    name: z.string().describe("The field's name."),
    type: z.string().describe("text or checkbox."),
  })
  .meta({ ref: "TemplateMergeField", typeDescription: "A merge field of a template." });

export const templateInputs = z.object({
  templateId: z
    .string()
    .optional()
    .describe("Adopt this existing template instead of creating one (never replaced afterwards; declared content must be what it has). An output otherwise: the template id (also the resource id)."),
  files: z
    .array(z.string())
    .optional()
    .describe("Local file paths, read by the provider; changes are detected by content. A change of files (with the subject or message at most) goes through update_files."),
  fileUrls: z.array(z.string()).optional().describe("URLs the service downloads the documents from (instead of `files`)."),
  title: z
    .string()
    .optional()
    .describe("The template's title. No documented operation changes it in place: a change makes a new template (D123).")
    .meta({ changeUnless: "esign:legacyTemplateUpdate is on: then an update through the hidden `POST /template/update/{template_id}`" }),
  subject: z
    .string()
    .optional()
    .describe("The default subject of requests sent from it. A change goes through update_files (a new template overlaid on the old one) when the title, cc roles and content stay.")
    .meta({ changeUnless: "esign:legacyTemplateUpdate is on: then an update through the hidden `POST /template/update/{template_id}`" }),
  message: z
    .string()
    .optional()
    .describe("The default message of requests sent from it. A change goes through update_files (a new template overlaid on the old one) when the title, cc roles and content stay.")
    .meta({ changeUnless: "esign:legacyTemplateUpdate is on: then an update through the hidden `POST /template/update/{template_id}`" }),
  signerRoles: z.array(templateSignerRole).describe("The signer roles, in order."),
  ccRoles: z
    .array(z.string())
    .optional()
    .describe("The CC roles' names. No documented operation changes them in place: a change makes a new template (D123).")
    .meta({ changeUnless: "esign:legacyTemplateUpdate is on: then an update through the hidden `POST /template/update/{template_id}`" }),
  formFieldsPerDocument: apiObjects("The API's form field objects with camelCase keys: documentIndex, apiId, type, signer, x, y, width, height, required, ..."),
  formFieldGroups: apiObjects("Form field groups (the API's objects, camelCase keys).").optional(),
  formFieldRules: apiObjects("Form field rules (the API's objects, camelCase keys).").optional(),
  mergeFields: z.array(templateMergeField).optional().describe("Merge fields filled in when a request is sent."),
  metadata: z
    .record(z.string(), z.unknown().meta({ ref: "pulumi.json#/Any" }))
    .optional()
    .describe("Key-value metadata."),
  clientId: z.string().optional().describe("The API app the template belongs to."),
  allowReassign: z.boolean().optional().describe("Whether signers may reassign."),
  usePreexistingFields: z.boolean().optional().describe("Use the documents' own form fields."),
  testMode: z.boolean().optional().describe("A test-mode template (not legally binding)."),
  fieldOptions: apiObject().optional().describe("Field options (the API's object, camelCase keys)."),
  attachments: apiObjects("Signer attachments (the API's objects, camelCase keys).").optional(),
  signerExperience: apiObject().optional().describe("Signer experience settings (the API's object, camelCase keys)."),
});

export const templateComputed = z.object({
  fileHashes: z.array(z.string()).optional().describe("SHA-256 of each of `files`, computed at check."),
});

export const templateOutputs = z.object({
  documents: apiObjects("The template's documents as the service describes them.").optional(),
  isLocked: z.boolean().optional().describe("Whether the template is locked for editing."),
});

export const templateAbout = {
  description:
    "A reusable document with signer roles and form fields. A create waits until the service has processed the files (esign:templateTimeoutSeconds). Who may use it is held by TemplateAccess resources. The documented API changes nothing of a template in place: a change of its title, subject, message or cc roles replaces it (through update_files when only the subject, message or files change), and the grants follow the new id; esign:legacyTemplateUpdate updates the texts and cc roles in place through the hidden `POST /template/update/{template_id}` instead. A template adopted by `templateId` (a warning names it) is never replaced, since a replace would delete it: a change of its content, files or (without esign:legacyTemplateUpdate) texts fails the preview naming the property. Content the program does not declare is not compared; the texts and cc roles it declares are read back by refresh.",
  calls: [
    ["preview", "none (files are hashed locally)"],
    [
      "create",
      "`GET /template/list` (once per run: what was there before, so a lost answer never leaves a second template), `POST /template/create` (multipart with the local files), then `GET /template/files_as_file_url/{id}` until processing ends, then `GET /template/{id}` (a 404 within 30 s of the create is the service's read-after-create lag and is tried again)",
    ],
    ["replace of files, subject or message only", "`POST /template/update_files/{old id}`, the same wait and `GET`, then `POST /template/delete/{old id}`"],
    ["any other replace (title, cc roles, content)", "the create's calls, then `POST /template/delete/{old id}`"],
    [
      "create with `templateId`",
      "`GET /template/{template_id}`; with esign:legacyTemplateUpdate, `POST /template/update/{template_id}` and a `GET` when the declared texts or cc roles differ (without it, a difference fails the create)",
    ],
    ["refresh", "`GET /template/{template_id}` (a 404 or 410 with the service's error envelope: gone, leaves state; within 30 s of the create, a 404 is tried again until then)"],
    ["update (only with esign:legacyTemplateUpdate)", "`POST /template/update/{template_id}`, `GET /template/{template_id}`"],
    ["delete", "`POST /template/delete/{template_id}` (404: already gone)"],
  ],
  importId: "the template id",
  importExample: "nda <templateId>",
  requiredOutputs: ["templateId", "signerRoles"] as const,
} satisfies ResourceAbout;

/** Template's inputs, as check passes them on (with what it computed). */
export type TemplateInputs = InputsOf<typeof templateInputs, typeof templateComputed>;
/** What Template's state holds: its inputs, what check computed, its outputs (the required ones always there). */
export type TemplateState = StateOf<typeof templateInputs, typeof templateComputed, typeof templateOutputs, (typeof templateAbout.requiredOutputs)[number]>;
