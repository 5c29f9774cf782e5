/** Comparisons for diff: sets without order, e-mails without case, structural equality. */

/**
 * The "given equals" rule: an input the program leaves out is filled in by the service (a
 * computed id, a default role, the caller's team), so only a value the program gives can
 * differ, compared with `eq` (strict equality by default).
 */
export const givenEquals =
  <T>(eq: (o: T, n: T) => boolean = (o, n) => o === n) =>
  (o: T, n: T | undefined) =>
    n === undefined || eq(o, n);

export function normalizeEmail(email: string): string;
export function normalizeEmail(email: string | undefined | null): string | undefined;
export function normalizeEmail(email: string | undefined | null): string | undefined {
  return email == null ? undefined : email.trim().toLowerCase();
}

export function sameEmail(a: string | undefined | null, b: string | undefined | null): boolean {
  return normalizeEmail(a) === normalizeEmail(b);
}

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Structural equality where undefined, null and absent keys are all the same. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a == null || b == null) return a == null && b == null;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((v, i) => deepEqual(v, b[i]));
  }
  if (isRecord(a) && isRecord(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) {
      if (!deepEqual(a[k], b[k])) return false;
    }
    return true;
  }
  return false;
}

/**
 * A value the service does not report is not a change (D129): what the service answered, where
 * a part it left out or sent as null keeps the declared part (an object key by key, a list of
 * the declared length item by item). A part it reports is kept as reported, so a value the
 * service has differently still differs from the program's.
 */
export function reportedOrDeclared(reported: unknown, declared: unknown): unknown {
  if (reported == null) return declared === undefined ? reported : declared;
  if (Array.isArray(reported) && Array.isArray(declared) && reported.length === declared.length) {
    return reported.map((item, i) => reportedOrDeclared(item, declared[i]));
  }
  if (isRecord(reported) && isRecord(declared)) {
    const out = { ...reported };
    for (const [k, v] of Object.entries(declared)) out[k] = reportedOrDeclared(reported[k], v);
    return out;
  }
  return reported;
}

/** Equality of two lists treated as sets (order and duplicates ignored). */
export function sameSet(a: readonly unknown[] | undefined, b: readonly unknown[] | undefined, key = (v: unknown) => JSON.stringify(v)): boolean {
  const sa = new Set((a ?? []).map(key));
  const sb = new Set((b ?? []).map(key));
  if (sa.size !== sb.size) return false;
  for (const v of sa) if (!sb.has(v)) return false;
  return true;
}

/** Stable JSON (sorted keys) for hashing and registries. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (isRecord(value)) {
    const obj = value;
    return `{${Object.keys(obj)
      .filter((k) => obj[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson(obj[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}
