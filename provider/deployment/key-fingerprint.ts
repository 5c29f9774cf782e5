/**
 * A key's fingerprint: what state keeps so a provider can tell that its API key changed since
 * the last deployment without keeping the key (DECISIONS D63). `k1.<salt>.<hash>`: scrypt of
 * the key with a random salt, so equal keys in two stacks do not look equal and a short key
 * (a local service's `devkey`) costs a memory-hard hash per guess to recover. Comparing costs
 * one scrypt per distinct salt per host (cached), and no request.
 */
import { randomBytes, scrypt, timingSafeEqual } from "crypto";

/** The field that carries it: a resource output (dynamic host), a provider input (native). */
export const KEY_FINGERPRINT = "keyFingerprint";

const PARAMS = { N: 1 << 14, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const PREFIX = "k1";

/**
 * The fingerprints a host computed: one scrypt per distinct salt and key (a diff compares every
 * resource's record), and one new fingerprint per key, shared by the resources that record it.
 * Held by the host (its Deployments share it), not by the module.
 */
export class KeyFingerprints {
  private readonly hashes = new Map<string, Promise<Buffer>>();
  private readonly current = new Map<string, Promise<string>>();

  private hash(key: string, salt: string): Promise<Buffer> {
    const cacheKey = `${salt}\0${key}`;
    let h = this.hashes.get(cacheKey);
    if (!h) {
      h = new Promise((resolve, reject) => scrypt(key, `esign-key-fingerprint:${salt}`, 16, PARAMS, (error, out) => (error ? reject(error) : resolve(out))));
      this.hashes.set(cacheKey, h);
    }
    return h;
  }

  /** A new fingerprint of `key` (a fresh salt). */
  async fingerprint(key: string, salt = randomBytes(12).toString("base64url")): Promise<string> {
    return `${PREFIX}.${salt}.${(await this.hash(key, salt)).toString("base64url")}`;
  }

  /** Whether `recorded` is a fingerprint of `key`; false for anything that is not a fingerprint. */
  async matchesKey(recorded: unknown, key: string): Promise<boolean> {
    if (typeof recorded !== "string") return false;
    const [prefix, salt, digest] = recorded.split(".");
    if (prefix !== PREFIX || !salt || !digest) return false;
    const expected = Buffer.from(digest, "base64url");
    const actual = await this.hash(key, salt);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }

  /**
   * The fingerprint to record for `key` now: `recorded` when it already names this key (state
   * stays as it was), else one fingerprint per key per host (one scrypt, shared by resources).
   */
  async fingerprintFor(key: string, recorded?: unknown): Promise<string> {
    if (typeof recorded === "string" && (await this.matchesKey(recorded, key))) return recorded;
    let fp = this.current.get(key);
    if (!fp) this.current.set(key, (fp = this.fingerprint(key)));
    return fp;
  }
}
