/**
 * Name patterns with `*` wildcards (the account file's `ignore`, an authoritative set's `keep`):
 * a pattern matches a whole name, case-insensitively, `*` standing for any run of characters.
 * `*@contractor.example` matches every address of that domain; `+1415*` every number starting so.
 */

const cache = new Map<string, RegExp>();

function regexOf(pattern: string): RegExp {
  let re = cache.get(pattern);
  if (!re) {
    const body = pattern
      .split("*")
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*");
    cache.set(pattern, (re = new RegExp(`^${body}$`, "i")));
  }
  return re;
}

export function patternMatches(pattern: string, name: string): boolean {
  return regexOf(pattern.trim()).test(name.trim());
}

/** The first of `patterns` that matches one of `names` (an e-mail, an id, a title...), if any. */
export function firstMatch(patterns: readonly string[] | undefined, names: readonly (string | null | undefined)[]): string | undefined {
  if (!patterns?.length) return undefined;
  const given = names.filter((n): n is string => !!n);
  return patterns.find((p) => given.some((n) => patternMatches(p, n)));
}
