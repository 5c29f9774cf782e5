/** Values in a drift report: short JSON, secrets masked, unknowns named. */
import { hasSigKey } from "../core/secret-sig";
import { containsUnknown } from "../core/unknowns";

const SECRET = "[secret]";
/** Properties whose values are never shown, whatever the engine marks. */
const SENSITIVE = /secret|api_?key|password|token/i;

function isSecret(value: unknown): boolean {
  return value === SECRET || hasSigKey(value);
}

function mask(value: unknown): unknown {
  if (isSecret(value)) return SECRET;
  if (Array.isArray(value)) return value.map(mask);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SENSITIVE.test(k) ? SECRET : mask(v)]));
  }
  return value;
}

export function displayValue(property: string, value: unknown): string {
  if (value === undefined || value === null) return "(absent)";
  if (SENSITIVE.test(property) || isSecret(value)) return SECRET;
  if (containsUnknown(value)) return "(known after up)";
  return JSON.stringify(mask(value));
}
