/**
 * @module service/http/json-depth
 * Nesting depth of a JSON text without parsing it: one linear scan that skips strings.
 * Used before JSON.parse (bodies) and on form fields whose value is JSON (`options={...}`),
 * which the contract parses later, so deep nesting never reaches a recursive walk.
 */
import { MAX_JSON_DEPTH } from "./limits";

/** True when `text` opens more than `max` nested arrays/objects at some point. */
export function nestedDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** Whether a form value looks like JSON the contract would parse (an object or array). */
export function looksLikeJson(value: string): boolean {
  const t = value.trimStart();
  return t.startsWith("{") || t.startsWith("[");
}
