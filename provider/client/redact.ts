/**
 * Redaction of credentials from anything the client shows: error messages, toJSON(),
 * log lines. Known secrets (the configured API key, its Basic token, the bearer token) are
 * replaced wherever they appear; patterns catch Authorization values and OAuth secrets
 * that the client never saw (e.g. an `oauth.secret` echoed in a response).
 */
export const REDACTED = "[REDACTED]";

const PATTERNS: RegExp[] = [/\b(Basic|Bearer)\s+[A-Za-z0-9._~+/=-]+/gi, /("?(?:authorization|secret|client_secret|access_token|refresh_token|api_key|apikey|password)"?\s*[:=]\s*"?)([^"&,\s}]+)/gi];

export class Redactor {
  private readonly secrets: string[];

  constructor(secrets: (string | undefined)[]) {
    const known = secrets.filter((secret): secret is string => typeof secret === "string" && secret.length >= 4);
    // The Basic token is base64("<key>:"); redact it as well as the key itself.
    const basic = known.map((secret) => Buffer.from(`${secret}:`).toString("base64"));
    this.secrets = [...known, ...basic].sort((a, b) => b.length - a.length);
  }

  text(value: string): string {
    let result = value;
    for (const secret of this.secrets) result = result.split(secret).join(REDACTED);
    result = result.replace(PATTERNS[0], (_match, scheme: string) => `${scheme} ${REDACTED}`);
    return result.replace(PATTERNS[1], (_match, prefix: string) => `${prefix}${REDACTED}`);
  }

  /** Deep copy with every string redacted. */
  value<T>(value: T): T {
    return deepCopy(value, (text) => this.text(text));
  }
}

type Copy = (value: unknown) => unknown;

/**
 * A deep copy of `value` (arrays and plain objects rebuilt, bytes kept) whose strings are
 * `text(string)` and whose object entries are `entry(key, item, copy)`. Cast: only strings are
 * replaced, by strings, so the copy has the type of `value`.
 */
export function deepCopy<T>(value: T, text: (value: string) => string, entry: (key: string, item: unknown, copy: Copy) => unknown = (_key, item, copy) => copy(item)): T {
  const copy: Copy = (item) => {
    if (typeof item === "string") return text(item);
    if (Array.isArray(item)) return item.map(copy);
    if (item && typeof item === "object" && !(item instanceof Uint8Array)) return Object.fromEntries(Object.entries(item).map(([key, inner]) => [key, entry(key, inner, copy)]));
    return item;
  };
  return copy(value) as T;
}
