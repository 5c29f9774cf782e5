/**
 * Name patterns with `*` wildcards (the account file's `ignore`, an authoritative set's `keep`):
 * a pattern matches a whole name, case-insensitively, `*` standing for any run of characters.
 * `*@contractor.example` matches every address of that domain; `+1415*` every number starting so.
 */

/** A pattern's expression (made per call: lists are short, and a cache would be module state). */
function regexOf(pattern: string): RegExp {
  const body = pattern
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${body}$`, "i");
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
