import type { PropSpec, ResourceSpec } from "../../schema/spec";

const anyObjects = (description: string): PropSpec => ({ type: "array", items: { ref: "pulumi.json#/Any", description: "" }, description });

export const templateSpec: ResourceSpec = {
  description: "A reusable document with signer roles and form fields. A create waits until the service has processed the files (esign:templateTimeoutSeconds). Who may use it is held by TemplateAccess resources. A template adopted by `templateId` (a warning names it) is never replaced, since a replace would delete it: a change of its content or files fails the preview naming the property. Content the program does not declare is not compared; the texts and cc roles it declares are read back by refresh.",
  calls: [
    ["preview", "none (files are hashed locally)"],
    ["create", "`POST /template/create` (multipart with the local files), then `GET /template/files_as_file_url/{id}` until processing ends, then `GET /template/{id}`"],
    ["replace of files only", "`POST /template/update_files/{old id}`, the same wait and `GET`, then `POST /template/delete/{old id}`"],
    ["create with `templateId`", "`GET /template/{template_id}`, then `POST /template/update/{template_id}` and a `GET` only when the declared texts or cc roles differ"],
    ["refresh", "`GET /template/{template_id}` (a 404 or 410 with the service's error envelope: gone, leaves state)"],
    ["update", "`POST /template/update/{template_id}`, `GET /template/{template_id}`"],
    ["delete", "`POST /template/delete/{template_id}` (404: already gone)"],
  ],
  importId: "the template id",
  importExample: "nda <templateId>",
  inputs: {
    templateId: { type: "string", description: "Adopt this existing template instead of creating one (never replaced afterwards; declared content must be what it has). An output otherwise: the template id (also the resource id)." },
    files: { type: "array", items: { type: "string" }, description: "Local file paths, read by the provider; changes are detected by content. A change of files alone goes through update_files." },
    fileUrls: { type: "array", items: { type: "string" }, description: "URLs the service downloads the documents from (instead of `files`)." },
    title: { type: "string", description: "The template's title." },
    subject: { type: "string", description: "The default subject of requests sent from it." },
    message: { type: "string", description: "The default message of requests sent from it." },
    signerRoles: { type: "array", items: { ref: "TemplateSignerRole", description: "" }, description: "The signer roles, in order." },
    ccRoles: { type: "array", items: { type: "string" }, description: "The CC roles' names." },
    formFieldsPerDocument: anyObjects("The API's form field objects with camelCase keys: documentIndex, apiId, type, signer, x, y, width, height, required, ..."),
    formFieldGroups: anyObjects("Form field groups (the API's objects, camelCase keys)."),
    formFieldRules: anyObjects("Form field rules (the API's objects, camelCase keys)."),
    mergeFields: { type: "array", items: { ref: "TemplateMergeField", description: "" }, description: "Merge fields filled in when a request is sent." },
    metadata: { type: "object", additionalProperties: { ref: "pulumi.json#/Any", description: "" }, description: "Key-value metadata." },
    clientId: { type: "string", description: "The API app the template belongs to." },
    allowReassign: { type: "boolean", description: "Whether signers may reassign." },
    usePreexistingFields: { type: "boolean", description: "Use the documents' own form fields." },
    testMode: { type: "boolean", description: "A test-mode template (not legally binding)." },
    fieldOptions: { ref: "pulumi.json#/Any", description: "Field options (the API's object, camelCase keys)." },
    attachments: anyObjects("Signer attachments (the API's objects, camelCase keys)."),
    signerExperience: { ref: "pulumi.json#/Any", description: "Signer experience settings (the API's object, camelCase keys)." },
  },
  requiredInputs: ["signerRoles", "formFieldsPerDocument"],
  computed: {
    fileHashes: { type: "array", items: { type: "string" }, description: "SHA-256 of each of `files`, computed at check." },
  },
  outputs: {
    documents: anyObjects("The template's documents as the service describes them."),
    isLocked: { type: "boolean", description: "Whether the template is locked for editing." },
  },
  requiredOutputs: ["templateId", "signerRoles"],
};
