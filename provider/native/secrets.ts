/**
 * Property values as the SDK's provider server hands them over (protobuf Struct -> JSON):
 * a secret is an object carrying the secret signature, an unknown is the unknown sentinel
 * string (the same one the dynamic host sees, so the resources' rules treat it alike).
 * The native host unwraps secrets before the shared implementation runs and wraps the
 * outputs that must stay secret afterwards.
 */
import { SECRET_SIG, SIG_KEY } from "../core/secret-sig";

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export function isSecret(value: unknown): value is Json & { value: unknown } {
  return !!value && typeof value === "object" && Reflect.get(value, SIG_KEY) === SECRET_SIG;
}

export function secret(value: unknown): Json {
  return isSecret(value) ? value : { [SIG_KEY]: SECRET_SIG, value };
}

/** The value with every secret wrapper removed, deeply. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the revealed value, whatever its shape
export function reveal(value: unknown): any {
  if (isSecret(value)) return reveal(value.value);
  if (Array.isArray(value)) return value.map(reveal);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, reveal(v)]));
  return value;
}

/** True when the value holds a secret anywhere inside. */
export function holdsSecret(value: unknown): boolean {
  if (isSecret(value)) return true;
  if (Array.isArray(value)) return value.some(holdsSecret);
  if (value && typeof value === "object") return Object.values(value).some(holdsSecret);
  return false;
}

/** The top-level keys of `props` that hold a secret. */
export function secretKeys(props: Json | undefined): string[] {
  return Object.entries(props ?? {})
    .filter(([, v]) => holdsSecret(v))
    .map(([k]) => k);
}

/** `props` with the named keys (those present and not null) wrapped as secrets. */
export function withSecrets(props: Json, keys: Iterable<string>): Json {
  const out = { ...props };
  for (const k of keys) if (out[k] !== undefined && out[k] !== null) out[k] = secret(out[k]);
  return out;
}
