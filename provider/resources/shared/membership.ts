/**
 * What TeamMember, TemplateAccess and FaxLineUser share: a person named by e-mail or account
 * id (the id prevails), found in a parent's list, compared case-insensitively.
 */
import type { CheckFailure } from "../../core/check";
import { givenEquals, normalizeEmail, sameEmail } from "../../core/compare";
import type { DiffRules } from "../../core/diff";
import type { Person } from "./people";

/** Who, as a program names them: by e-mail, by account id, or both (the id prevails). */
export type PersonInput = {
  emailAddress?: string;
  accountId?: string;
};

/** Who the membership is for: a change of person replaces it. */
export const personRules: DiffRules = {
  emailAddress: { change: "replace", equal: givenEquals(sameEmail) },
  accountId: { change: "replace", equal: givenEquals() },
};

/** The account id wins, as in the API; else the e-mail, case-insensitively. */
export function findPerson<T extends Person>(list: T[], who: PersonInput): T | undefined {
  return (who.accountId && list.find((p) => p.accountId === who.accountId)) || (who.emailAddress && list.find((p) => sameEmail(p.emailAddress, who.emailAddress))) || undefined;
}

/** The person as camelCase input keys (toWire makes them account_id / email_address); `T`: unknown for inputs as given (check's request body). */
export function personInput<T = string>(inputs: { accountId?: T; emailAddress?: T }): { accountId: T } | { emailAddress?: T } {
  return inputs.accountId ? { accountId: inputs.accountId } : { emailAddress: inputs.emailAddress };
}

export function personRequired(inputs: PersonInput): CheckFailure[] {
  return inputs.emailAddress || inputs.accountId ? [] : [{ property: "emailAddress", reason: "one of emailAddress or accountId is required" }];
}

/** Keys naming one person's membership of `scope` (a team, template or line), by id and by e-mail. */
export function personKeys(scope: string, who: PersonInput): string[] {
  const keys: string[] = [];
  if (who.accountId) keys.push(`${scope}:account:${who.accountId}`);
  if (who.emailAddress) keys.push(`${scope}:email:${normalizeEmail(who.emailAddress)}`);
  return keys;
}
