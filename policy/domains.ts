/** Domain allow-lists: an entry allows itself and its subdomains, case-insensitively. */

export function normalizeDomain(domain: string): string {
  return domain.trim().toLowerCase().replace(/\.$/, "");
}

export function domainAllowed(domain: string, allowed: string[]): boolean {
  const d = normalizeDomain(domain);
  return allowed.map(normalizeDomain).some((a) => d === a || d.endsWith(`.${a}`));
}

/** The domain of an e-mail address ("" when there is none). */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf("@");
  return at < 0 ? "" : email.slice(at + 1);
}

export const allowedDomainsSchema = {
  type: "array",
  items: { type: "string" },
  description: "Domains allowed (each also allows its subdomains). Empty: the rule checks nothing.",
} as const;
