/**
 * `esign drift --redact-emails` (D138): the unmanaged section names people git does not list, and
 * a drift report posted to a public repository's pull request would publish their addresses. With
 * the flag every address in it keeps the first character of its local part and the domain
 * (`z…@outside.example`): enough to tell an outsider from a colleague, not enough to write to.
 * Account ids stay: they identify an account to the service, not a person to the world.
 */
import type { UnmanagedEntry } from "./drift-unmanaged";

/** An e-mail address inside any text (a name, an app's name, "template ..."). */
const EMAIL = /([^\s@<>()[\]`|,;:"']+)@([^\s@<>()[\]`|,;:"']+\.[^\s@<>()[\]`|,;:"']+)/g;

/** The text with every address's local part cut to its first character. */
export function redactEmails(text: string): string {
  return text.replace(EMAIL, (_all, local: string, domain: string) => `${[...local][0]}…@${domain}`);
}

/** The entries with every address redacted, wherever it appears (name, id, what it is on). */
export function withRedactedEmails(entries: UnmanagedEntry[]): UnmanagedEntry[] {
  return entries.map((u) => ({
    ...u,
    name: redactEmails(u.name),
    ...(u.id !== undefined ? { id: redactEmails(u.id) } : {}),
    ...(u.on !== undefined ? { on: redactEmails(u.on) } : {}),
  }));
}
