/** How a kind's `manages` (define.ts) reads the names its state holds: an id, a person, a list of people. */
import { normalizeEmail } from "../../core/compare";

const str = (v: unknown) => (typeof v === "string" && v ? v : undefined);
const name = (n: string) => (n.includes("@") ? (normalizeEmail(n) ?? n) : n);

/** The one id a resource's `key` property holds (an app's client id, a template id, a number). */
export const idName =
  (key: string) =>
  (p: Record<string, unknown>): string[] => {
    const id = str(p[key]);
    return id ? [id] : [];
  };

/** A person named by account id and/or e-mail address. */
export const personNames = (p: Record<string, unknown>): string[] => [str(p.accountId), normalizeEmail(str(p.emailAddress))].filter((n): n is string => !!n);

/** The people of a set's list (`members`, `users`): e-mail addresses or account ids. */
export const listNames =
  (key: string) =>
  (p: Record<string, unknown>): string[] => {
    const v = p[key];
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string").map(name) : [];
  };

/** The parent a nested collection's names are on (`templateId`, `number`), when the state has it. */
export const parentOf = (p: Record<string, unknown>, key: string): string | undefined => str(p[key]);
