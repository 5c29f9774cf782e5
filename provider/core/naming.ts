/**
 * camelCase (Pulumi args and outputs) <-> snake_case (the wire and the contract).
 *
 * Keys under `metadata` are the user's own and are never renamed.
 */
const OPAQUE_KEYS = new Set(["metadata"]);

export function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

export function camelCase(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

function convertKeys(value: unknown, rename: (k: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => convertKeys(v, rename));
  if (value === null || typeof value !== "object" || Buffer.isBuffer(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined) continue;
    out[rename(k)] = OPAQUE_KEYS.has(k) ? v : convertKeys(v, rename);
  }
  return out;
}

/** Deep-renames object keys to snake_case for the wire. */
export function toWire<T = Record<string, unknown>>(value: unknown): T {
  return convertKeys(value, snakeCase) as T; // the caller names the wire shape it built the value for
}

/** Deep-renames object keys to camelCase for Pulumi outputs. */
export function fromWire<T = Record<string, unknown>>(value: unknown): T {
  return convertKeys(value, camelCase) as T; // the caller names the output shape of the answer it renamed
}

/** A dotted wire path (`signer_roles.0.name`) as the Pulumi property path (`signerRoles[0].name`). */
export function propertyPath(wirePath: string): string {
  if (!wirePath) return "";
  const parts = wirePath.split(".");
  let out = "";
  let opaque = false;
  for (const part of parts) {
    if (/^\d+$/.test(part)) out += `[${part}]`;
    else {
      const name = opaque ? part : camelCase(part);
      out += out ? `.${name}` : name;
      opaque = OPAQUE_KEYS.has(part);
    }
  }
  return out;
}
