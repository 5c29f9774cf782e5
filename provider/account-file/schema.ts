/**
 * The account file (account.yaml): one reviewed file describing the whole account.
 *
 * Structure only lives here; the service's rules (limits, enums, exactly-one-of) are checked
 * by the very check() of each resource, so the file and `pulumi preview` agree.
 */
import { z } from "zod";

const who = z.string().min(1, { error: "must be an e-mail address or an account id" });
const key = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, { error: "must be letters, digits, '.', '_' or '-'" });
const record = z.record(z.string(), z.unknown());

/**
 * Per-entry intent, mapped to the resource options of the same name: `protect` makes the
 * engine refuse to delete (or replace) the object; `retainOnDelete` forgets it instead of
 * deleting it when the entry leaves the file.
 */
const intent = {
  protect: z.boolean().optional(),
  retainOnDelete: z.boolean().optional(),
};
/** Keys this entry had before a rename: the object is kept (Pulumi aliases), not replaced. */
const previousKeys = <T extends z.ZodType>(item: T) => z.array(item).optional();

export const teamEntry = z.strictObject({
  name: z.string().optional(),
  adopt: z.boolean().optional(),
  ...intent,
});

export const memberEntry = z.strictObject({
  emailAddress: z.string().optional(),
  accountId: z.string().optional(),
  role: z.string().optional(),
  /** Earlier identities of the same person (e-mail addresses or account ids). */
  previousKeys: previousKeys(who),
  ...intent,
});

export const apiAppEntry = z.strictObject({
  /** Stable name of the entry; defaults to the app's name. */
  key: key.optional(),
  name: z.string(),
  domains: z.array(z.string()),
  callbackUrl: z.string().optional(),
  oauth: z.strictObject({ callbackUrl: z.string(), scopes: z.array(z.string()) }).optional(),
  options: z.strictObject({ canInsertEverywhere: z.boolean().optional() }).optional(),
  whiteLabelingOptions: z.record(z.string(), z.string()).optional(),
  customLogoFile: z.string().optional(),
  clientId: z.string().optional(),
  /** Take over the caller's app with this name and domain set (one must match). */
  adopt: z.boolean().optional(),
  previousKeys: previousKeys(key),
  ...intent,
});

export const templateEntry = z.strictObject({
  key,
  files: z.array(z.string()).optional(),
  fileUrls: z.array(z.string()).optional(),
  title: z.string().optional(),
  subject: z.string().optional(),
  message: z.string().optional(),
  signerRoles: z.array(record).optional(),
  ccRoles: z.array(z.string()).optional(),
  formFieldsPerDocument: z.array(record).optional(),
  formFieldGroups: z.array(record).optional(),
  formFieldRules: z.array(record).optional(),
  mergeFields: z.array(record).optional(),
  metadata: record.optional(),
  clientId: z.string().optional(),
  allowReassign: z.boolean().optional(),
  usePreexistingFields: z.boolean().optional(),
  testMode: z.boolean().optional(),
  fieldOptions: record.optional(),
  attachments: z.array(record).optional(),
  signerExperience: record.optional(),
  templateId: z.string().optional(),
  /** Who may use the template: e-mail addresses or account ids of team members. */
  access: z.array(who).optional(),
  previousKeys: previousKeys(key),
  ...intent,
});

export const faxLineEntry = z.strictObject({
  key,
  areaCode: z.number().int().optional(),
  country: z.string().optional(),
  city: z.string().optional(),
  accountId: z.string().optional(),
  number: z.string().optional(),
  /** Who may use the line: e-mail addresses or account ids. */
  users: z.array(who).optional(),
  previousKeys: previousKeys(key),
  /** Fax lines are protected unless this says `false`: replacing or deleting one releases its number. */
  ...intent,
});

export const accountFileSchema = z.strictObject({
  /** Allows a file that declares no object, which deletes everything the stack manages. */
  allowDeleteAll: z.boolean().optional(),
  team: teamEntry.optional(),
  members: z.array(memberEntry).optional(),
  apiApps: z.array(apiAppEntry).optional(),
  templates: z.array(templateEntry).optional(),
  faxLines: z.array(faxLineEntry).optional(),
});

export type AccountFile = z.output<typeof accountFileSchema>;
export type MemberEntry = z.output<typeof memberEntry>;
export type ApiAppEntry = z.output<typeof apiAppEntry>;
export type TemplateEntry = z.output<typeof templateEntry>;
export type FaxLineEntry = z.output<typeof faxLineEntry>;
export type TeamEntry = z.output<typeof teamEntry>;
/** Keys of an entry that are the file's own, not inputs of the entry's resource. */
export const fileOnlyKeys = ["key", "previousKeys", "protect", "retainOnDelete"] as const;
