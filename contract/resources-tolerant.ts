/**
 * The forms the real service was recorded sending for one value (real-service-evidence.md §2,
 * §4, §8), read into one form here, once, so no client or resource has to know them:
 * - numbers as strings: `fontSize: "12px"`, `documents[].index: "0"`, fractional coordinates;
 * - `white_labeling_options` as a JSON-encoded string holding only the keys sent (2017, 2021),
 *   an object (the spec since 2022), or null;
 * - an API app's domains under `domain` (2021) or `domains` (the spec since 2022-04).
 * Each helper is a zod preprocess in front of the strict form, so a value in none of the known
 * forms still fails response validation naming the field.
 */
import { z } from "zod";

/** "12", "12px", " 596.5 " -> the number; anything else unchanged (and judged by the schema). */
function numberOfText(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const match = /^\s*(-?\d+(?:\.\d+)?)\s*(?:px|pt)?\s*$/i.exec(value);
  return match ? Number(match[1]) : value;
}

/** A number (fractional allowed) or null, also when the service spells it as text. */
export const looseNumber = () => z.preprocess(numberOfText, z.number().nullable());

/** A whole number or null, also when the service spells it as text ("0"). */
export const looseInt = () => z.preprocess(numberOfText, z.number().int().nullable());

/** A JSON-encoded object (the recorded form) -> the object; "" -> null; anything else unchanged. */
function objectOfJsonText(value: unknown): unknown {
  if (typeof value !== "string") return value;
  if (value.trim() === "") return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed) ? parsed : value;
  } catch {
    return value;
  }
}

/** An object, null, or the object encoded as a JSON string (white_labeling_options). */
export const objectOrJsonText = <T extends z.ZodType>(object: T) => z.preprocess(objectOfJsonText, object.nullable());

/** An API app as recorded in 2021 (`domain: [...]`, or one host as text) gets `domains`. */
export function withDomains(value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const app = value as Record<string, unknown>;
  if (app.domains !== undefined || app.domain === undefined) return value;
  const { domain, ...rest } = app;
  const domains = typeof domain === "string" ? (domain === "" ? [] : domain.split(",").map((d) => d.trim())) : domain;
  return { ...rest, domains };
}
