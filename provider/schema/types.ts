/** The object types the resources' properties refer to (`ref: "ApiAppOAuth"`). */
import type { ObjectTypeSpec } from "./spec";

export const typeSpecs: Record<string, ObjectTypeSpec> = {
  ApiAppOAuth: {
    description: "An API app's OAuth settings.",
    properties: {
      callbackUrl: { type: "string", description: "The OAuth callback URL." },
      scopes: { type: "array", items: { type: "string" }, description: "The scopes the app asks for (a set)." },
    },
    required: ["callbackUrl", "scopes"],
  },
  ApiAppOptions: {
    description: "An API app's options.",
    properties: {
      canInsertEverywhere: { type: "boolean", description: "Whether signers may insert everywhere." },
    },
  },
  ApiAppOwnerAccount: {
    description: "The account that owns an API app.",
    properties: {
      accountId: { type: "string", description: "The owner's account id." },
      emailAddress: { type: "string", description: "The owner's e-mail address." },
    },
  },
  TemplateSignerRole: {
    description: "A signer role of a template.",
    properties: {
      name: { type: "string", description: "The role's name." },
      order: { type: "integer", description: "The role's place in the signing order." },
    },
    required: ["name"],
  },
  TemplateMergeField: {
    description: "A merge field of a template.",
    properties: {
      name: { type: "string", description: "The field's name." },
      type: { type: "string", description: "text or checkbox." },
    },
    required: ["name", "type"],
  },
};
