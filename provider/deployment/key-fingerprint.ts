/**
 * A key's fingerprint: what state keeps so a provider can tell that its API key changed since
 * the last deployment without keeping the key (DECISIONS D63). `k1.<salt>.<hash>`: scrypt of
 * the key with a random salt, so equal keys in two stacks do not look equal and a short key
 * (a local service's `devkey`) costs a memory-hard hash per guess to recover. Comparing costs
 * one scrypt per distinct salt per process (cached), and no request.
 */
import { randomBytes, scrypt, timingSafeEqual } from "crypto";

/** The field that carries it: a resource output (dynamic host), a provider input (native). */
export const KEY_FINGERPRINT = "keyFingerprint";

const PARAMS = { N: 1 << 14, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const PREFIX = "k1";

const hashes = new Map<string, Promise<Buffer>>();

function hash(key: string, salt: string): Promise<Buffer> {
  const cacheKey = `${salt}\0${key}`;
  let h = hashes.get(cacheKey);
  if (!h) {
    h = new Promise((resolve, reject) => scrypt(key, `esign-key-fingerprint:${salt}`, 16, PARAMS, (error, out) => (error ? reject(error) : resolve(out))));
    hashes.set(cacheKey, h);
  }
  return h;
}

/** A new fingerprint of `key` (a fresh salt). */
export async function fingerprint(key: string, salt = randomBytes(12).toString("base64url")): Promise<string> {
  return `${PREFIX}.${salt}.${(await hash(key, salt)).toString("base64url")}`;
}

/** Whether `recorded` is a fingerprint of `key`; false for anything that is not a fingerprint. */
export async function matchesKey(recorded: unknown, key: string): Promise<boolean> {
  if (typeof recorded !== "string") return false;
  const [prefix, salt, digest] = recorded.split(".");
  if (prefix !== PREFIX || !salt || !digest) return false;
  const expected = Buffer.from(digest, "base64url");
  const actual = await hash(key, salt);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

const current = new Map<string, Promise<string>>();

/**
 * The fingerprint to record for `key` now: `recorded` when it already names this key (state
 * stays as it was), else one fingerprint per key per process (one scrypt, shared by resources).
 */
export async function fingerprintFor(key: string, recorded?: unknown): Promise<string> {
  if (typeof recorded === "string" && (await matchesKey(recorded, key))) return recorded;
  let fp = current.get(key);
  if (!fp) current.set(key, (fp = fingerprint(key)));
  return fp;
}
