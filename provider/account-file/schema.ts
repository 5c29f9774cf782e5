/**
 * The account file (account.yaml): one reviewed file describing the whole account.
 *
 * The file's structure lives here, its entries made of the resources' inputs schemas; the
 * service's rules (limits, enums, exactly-one-of) are checked by the very check() of each
 * resource, so the file and `pulumi preview` agree.
 */
import { z } from "zod";
import { COLLECTIONS, type Collection } from "../core/collections";
import { allDefinitions } from "../resources/definitions";
import { apiAppInputs } from "../resources/api-app/schema";
import { faxLineInputs } from "../resources/fax-line/schema";
import { teamInputs } from "../resources/team/schema";
import { teamMemberInputs } from "../resources/team-member/schema";
import { templateInputs } from "../resources/template/schema";

const who = z.string().min(1, { error: "must be an e-mail address or an account id" });
const key = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, { error: "must be letters, digits, '.', '_' or '-'" });

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

/**
 * Each entry is its resource's inputs (the definition's zod schema: one place says what an input
 * is), strict, so a misspelt key is an error with a suggestion (unknown-keys.ts), plus the file's
 * own keys. Members have no teamId (the file's team is theirs); templates may leave out what
 * their check would name (signerRoles, formFieldsPerDocument), so the file and a preview say it
 * in the same words.
 */
const entryOf = <S extends z.ZodRawShape, E extends z.ZodRawShape>(inputs: S, own: E) => z.strictObject({ ...inputs, ...own });

export const teamEntry = entryOf(teamInputs.shape, intent);

export const memberEntry = entryOf(teamMemberInputs.omit({ teamId: true }).shape, {
  /** Earlier identities of the same person (e-mail addresses or account ids). */
  previousKeys: previousKeys(who),
  ...intent,
});

export const apiAppEntry = entryOf(apiAppInputs.shape, {
  /** Stable name of the entry; defaults to the app's name. */
  key: key.optional(),
  previousKeys: previousKeys(key),
  ...intent,
});

export const templateEntry = entryOf(templateInputs.partial().shape, {
  key,
  /** Who may use the template: e-mail addresses or account ids of team members. */
  access: z.array(who).optional(),
  previousKeys: previousKeys(key),
  ...intent,
});

export const faxLineEntry = entryOf(faxLineInputs.shape, {
  key,
  /** Who may use the line: e-mail addresses or account ids. */
  users: z.array(who).optional(),
  previousKeys: previousKeys(key),
  /** Fax lines are protected unless this says `false`: replacing or deleting one releases its number. */
  ...intent,
});

/** The collections `ignore` names: each a list of the account (members, apps...) or of a parent (a template's users). */
export const IGNORE_COLLECTIONS = COLLECTIONS;
export type IgnoreCollection = Collection;

/** The collections whose declared list can be the whole list (D100): those an authoritative set's definition manages. */
export const AUTHORITATIVE_COLLECTIONS: readonly Collection[] = [...new Set(allDefinitions.flatMap((d) => (d.manages?.authoritative ? [d.manages.collection] : [])))];

const pattern = z.string().trim().min(1, { error: "must be a pattern: e-mail addresses, names, titles or numbers, * for any characters" });

/**
 * `ignore`: objects known and meant to stay unmanaged, by collection: patterns (`*` wildcards,
 * case-insensitive) matched against e-mail addresses, account ids, app names and client ids,
 * template titles and ids, fax numbers. The drift report leaves them out; an authoritative list
 * never removes them.
 */
// One pattern list per collection, built from the list: the keys' types restated (cast).
export const ignoreSchema = z.strictObject(Object.fromEntries(IGNORE_COLLECTIONS.map((c) => [c, z.array(pattern).optional()])) as Record<IgnoreCollection, z.ZodOptional<z.ZodArray<typeof pattern>>>);

export const accountFileSchema = z.strictObject({
  /** Allows a file that declares no object, which deletes everything the stack manages. */
  allowDeleteAll: z.boolean().optional(),
  ignore: ignoreSchema.optional(),
  /** Collections whose declared list is the whole list: whoever else is there is removed by `up`. */
  authoritative: z.array(z.enum(AUTHORITATIVE_COLLECTIONS, { error: `must be one of ${AUTHORITATIVE_COLLECTIONS.join(", ")}` })).optional(),
  /** Limits on what authoritative lists do in one run. */
  authoritativeLimits: z.strictObject({ maxRemovals: z.int().min(0, { error: "must be 0 or more" }).optional() }).optional(),
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
