/**
 * Cross-entry rules of the account file: stable names must be unique (previous keys
 * included), `access` / `users` must name a member when the file manages the team, and a
 * file that declares nothing must say that it means to delete everything.
 */
import { normalizeEmail } from "../core/compare";
import type { AccountFile } from "./schema";
import type { FileIssue } from "./issues";
import { closest } from "../core/suggest";

export function memberKey(m: { emailAddress?: string; accountId?: string }): string {
  return m.accountId ?? normalizeEmail(m.emailAddress) ?? "";
}

export function appKey(a: { key?: string; name: string }): string {
  return (
    a.key ??
    a.name
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
  );
}

/** A person named in `access`, `users` or `previousKeys`: an e-mail (lower-cased) or an account id. */
export function whoKey(who: string): string {
  return who.includes("@") ? normalizeEmail(who)! : who;
}

/** The names a member entry gives its person now: its account id and its e-mail, when written. */
export function memberNames(m: { emailAddress?: string; accountId?: string }): string[] {
  return [m.accountId, normalizeEmail(m.emailAddress)].filter((n): n is string => !!n);
}

interface Named {
  previousKeys?: string[];
}

/** Current and previous keys share one namespace per section: each names one entry. */
function duplicates<T extends Named>(section: string, list: T[] | undefined, keyOf: (t: T) => string, field: string, prevKeyOf = (k: string) => k): FileIssue[] {
  const seen = new Map<string, string>();
  const issues: FileIssue[] = [];
  list?.forEach((item, i) => {
    const k = keyOf(item);
    if (seen.has(k)) issues.push({ path: [section, i, field], message: `duplicate of ${seen.get(k)} (${k}): entries must be unique` });
    else seen.set(k, `${section}[${i}]`);
  });
  list?.forEach((item, i) => {
    item.previousKeys?.forEach((raw, j) => {
      const k = prevKeyOf(raw);
      const owner = seen.get(k);
      if (owner) issues.push({ path: [section, i, "previousKeys", j], message: `${k} is already the key of ${owner}: a previous key must be free` });
      else seen.set(k, `${section}[${i}].previousKeys[${j}]`);
    });
  });
  return issues;
}

export function duplicateIssues(account: AccountFile): FileIssue[] {
  return [
    ...duplicates("members", account.members, memberKey, "emailAddress", whoKey),
    ...duplicates("apiApps", account.apiApps, appKey, "name"),
    ...duplicates("templates", account.templates, (t) => t.key, "key"),
    ...duplicates("faxLines", account.faxLines, (f) => f.key, "key"),
  ];
}

/** With `members` in the file, every `access` / `users` entry must name one of them, as written there (e-mail or account id). */
export function referenceIssues(account: AccountFile): FileIssue[] {
  if (!account.members) return [];
  const current = new Set(account.members.flatMap(memberNames));
  const previous = new Map<string, number>();
  account.members.forEach((m, i) => m.previousKeys?.forEach((p) => previous.set(whoKey(p), i)));
  const issues: FileIssue[] = [];
  const check = (section: "templates" | "faxLines", field: "access" | "users", i: number, list: string[] | undefined) =>
    list?.forEach((who, j) => {
      const k = whoKey(who);
      if (current.has(k)) return;
      const was = previous.get(k);
      const hint =
        was !== undefined ? `; ${who} is a previous key of members[${was}], name them ${memberKey(account.members![was])}` : ((near) => (near ? `; did you mean ${near}?` : ""))(closest(k, current));
      issues.push({ path: [section, i, field, j], message: `must name someone in members (${who} is not there)${hint}` });
    });
  account.templates?.forEach((t, i) => check("templates", "access", i, t.access));
  account.faxLines?.forEach((f, i) => check("faxLines", "users", i, f.users));
  return issues;
}

/** An empty file (a bad merge, a truncated file) would delete every object the stack manages. */
export function emptyFileIssues(account: AccountFile): FileIssue[] {
  const objects = (account.team ? 1 : 0) + (account.members?.length ?? 0) + (account.apiApps?.length ?? 0) + (account.templates?.length ?? 0) + (account.faxLines?.length ?? 0);
  if (objects > 0 || account.allowDeleteAll) return [];
  return [{ path: [], message: "declares no object, so `pulumi up` would delete every object of the stack; add `allowDeleteAll: true` if that is the intent" }];
}

/** An authoritative `members` needs the list written out: without it, every person but the key holder would be removed. */
export function authoritativeIssues(account: AccountFile): FileIssue[] {
  const issues: FileIssue[] = [];
  account.authoritative?.forEach((collection, i) => {
    if (collection === "members" && !account.members) {
      issues.push({ path: ["authoritative", i], message: "names members, but the file has no members list: write it (members: [] removes everyone but the key holder)" });
    }
    if (account.authoritative!.indexOf(collection) !== i) issues.push({ path: ["authoritative", i], message: `${collection} is named twice` });
  });
  return issues;
}
