/**
 * The account's collections: what `ignore` and `authoritative` name in the account file and what
 * drift's unmanaged section lists. Each resource kind's definition says which one it manages
 * (resources/define.ts `manages`); a collection is the account's vocabulary, not a kind's.
 */
export const COLLECTIONS = ["members", "apiApps", "templates", "faxLines", "templates.access", "faxLines.users"] as const;
export type Collection = (typeof COLLECTIONS)[number];

/**
 * Where a name of a collection lives: the collection, and for a list on a parent (a template's
 * users) the parent's id. A scope key names it in one string: `members`, `templates.access:<id>`.
 */
export function scopeKey(collection: Collection, parent?: string): string {
  return parent === undefined ? collection : `${collection}:${parent}`;
}
