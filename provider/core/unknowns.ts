/**
 * Values the engine does not know yet during preview arrive as a sentinel string, even for
 * arrays and numbers. Validation must not fail on them, and diff must treat them as changes.
 */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

export function isUnknown(value: unknown): boolean {
  return value === UNKNOWN;
}

/** Dotted paths (in the value's own key names) of every unknown value inside `value`. */
export function unknownPaths(value: unknown, prefix = ""): string[] {
  if (isUnknown(value)) return [prefix];
  if (value === null || typeof value !== "object") return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    out.push(...unknownPaths(v, prefix ? `${prefix}.${k}` : k));
  }
  return out;
}

export function containsUnknown(value: unknown): boolean {
  return unknownPaths(value).length > 0;
}

/** True when a validation issue at `issuePath` may be caused by an unknown at one of `unknowns`. */
export function touchesUnknown(issuePath: string, unknowns: string[]): boolean {
  if (unknowns.length === 0) return false;
  if (issuePath === "") return true;
  return unknowns.some((u) => u === "" || issuePath === u || issuePath.startsWith(`${u}.`) || u.startsWith(`${issuePath}.`));
}
