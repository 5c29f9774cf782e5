/** Cross-entry rules of the account file: stable names must be unique. */
import { normalizeEmail } from "../resources/support/compare";
import type { AccountFile } from "./schema";
import type { FileIssue } from "./load";

export function memberKey(m: { emailAddress?: string; accountId?: string }): string {
  return m.accountId ?? normalizeEmail(m.emailAddress) ?? "";
}

export function appKey(a: { key?: string; name: string }): string {
  return a.key ?? a.name.trim().toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

function duplicates<T>(section: string, list: T[] | undefined, keyOf: (t: T) => string, field: string): FileIssue[] {
  const seen = new Map<string, number>();
  const issues: FileIssue[] = [];
  list?.forEach((item, i) => {
    const k = keyOf(item);
    if (seen.has(k)) issues.push({ path: [section, i, field], message: `duplicate of ${section}[${seen.get(k)}] (${k}): entries must be unique` });
    else seen.set(k, i);
  });
  return issues;
}

export function duplicateIssues(account: AccountFile): FileIssue[] {
  return [
    ...duplicates("members", account.members, memberKey, "emailAddress"),
    ...duplicates("apiApps", account.apiApps, appKey, "name"),
    ...duplicates("templates", account.templates, (t) => t.key, "key"),
    ...duplicates("faxLines", account.faxLines, (f) => f.key, "key"),
  ];
}
