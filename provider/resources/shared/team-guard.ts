/**
 * Who a team never lets go of (D100, D140): the account that holds the API key, and the team's
 * last Admin. One rule for every path that takes people off a team or lowers their role: the
 * authoritative list (TeamMemberSet's removals) and a single TeamMember (its delete, its move to
 * another team, its role changed from Admin).
 */
import { sameEmail } from "../../core/compare";

/** Someone on a team, as the team's people read gives them. */
export interface TeamHolder {
  accountId?: string;
  emailAddress?: string;
  role?: string;
  status?: string;
}

/** The key's account, as the context reads it. */
export interface KeyHolderId {
  accountId?: string;
  email?: string;
}

export const KEY_HOLDER = "holds the API key";
export const LAST_ADMIN = "the team's last Admin";

export const isKeyHolder = (h: TeamHolder, key: KeyHolderId): boolean => (!!key.accountId && h.accountId === key.accountId) || (!!key.email && sameEmail(h.emailAddress, key.email));

/** An Admin who has joined (an open invitation holds no role yet). */
export const isAdmin = (h: TeamHolder): boolean => h.status !== "invited" && h.role?.toLowerCase() === "admin";

/**
 * The Admins among `leaving` (people taken off the team, or losing the Admin role) who must stay:
 * all of them when no joined Admin of `people` would be left.
 */
export function lastAdmins<H extends TeamHolder>(people: H[], leaving: H[]): H[] {
  const staying = people.filter((h) => isAdmin(h) && !leaving.includes(h));
  return staying.length === 0 ? leaving.filter(isAdmin) : [];
}

/** Why `person` may not leave the team or lose the Admin role, or undefined when they may. */
export function whyStays<H extends TeamHolder>(people: H[], person: H, key: KeyHolderId): string | undefined {
  if (isKeyHolder(person, key)) return KEY_HOLDER;
  return lastAdmins(people, [person]).length ? LAST_ADMIN : undefined;
}
