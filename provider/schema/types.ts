/** The object types the resources' properties refer to (`ref: "ApiAppOAuth"`): from their zod schemas. */
import { apiAppOAuth, apiAppOptions, apiAppOwnerAccount } from "../resources/api-app/schema";
import { templateMergeField, templateSignerRole } from "../resources/template/schema";
import { objectTypeSpec } from "./from-zod";
import type { ObjectTypeSpec } from "./spec";

export const typeSpecs: Record<string, ObjectTypeSpec> = Object.fromEntries([apiAppOAuth, apiAppOptions, apiAppOwnerAccount, templateSignerRole, templateMergeField].map(objectTypeSpec));
