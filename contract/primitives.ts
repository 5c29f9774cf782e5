/**
 * Building blocks shared by the request and resource schemas: bounded text, e-mail, hex
 * colours, metadata, uploaded files, pagination and the exactly-one-of rule. Every error
 * message names the rule it enforces, so a CheckFailure or a 400 reads on its own.
 */
import { z } from "zod";
import * as L from "./limits";

/** A string of at most `max` characters. */
export const text = (max: number) => z.string().max(max, { error: `at most ${max} characters` });

/** A non-empty identifier (ids are opaque to the contract). */
export const id = () => z.string().min(1, { error: "must not be empty" });

export const emailAddress = () => z.email({ error: "must be an e-mail address" });

/**
 * #rrggbb only: the service wants "valid six-character hexadecimal codes" (premium-branding
 * docs; its invalid_hex_code error), so the three-digit #rgb of CSS is refused here too.
 */
export const HEX_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;
export const hexColor = () => z.string().regex(HEX_COLOR_PATTERN, { error: "must be a six-digit hex color code like #1a2b3c" });

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The WCAG 2 contrast ratio of two #rrggbb colours (1 to 21), which white labeling holds to a minimum. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * A host name an API app may be embedded on (D64): RFC 1123 labels (letters, digits, inner
 * hyphens, 1-63 characters; IDNs in their xn-- form), at most 253 characters, optionally
 * `*.` before at least two labels. A scheme, port, path or space can never match the page's
 * host, so such a value is refused rather than stored.
 */
const HOST_LABEL = "[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?";
export const HOST_NAME_PATTERN = new RegExp(`^(?:${HOST_LABEL}(?:\\.${HOST_LABEL})*|\\*\\.${HOST_LABEL}(?:\\.${HOST_LABEL})+)$`);
export const HOST_NAME_MAX_LENGTH = 253;
export const hostName = () =>
  z.string().refine((value) => value.length <= HOST_NAME_MAX_LENGTH && HOST_NAME_PATTERN.test(value), {
    error: "must be a host name like app.example.com (no scheme, port, path or spaces)",
  });

/**
 * A URL the service itself calls or downloads (event callbacks, file_urls): only http and
 * https can ever be fetched, so other schemes (mailto:, ftp:, javascript:) are refused.
 */
export const httpUrl = () => z.url({ protocol: /^https?$/, error: "must be an http or https URL" });

/** Zero-based page indexes: `all`, or comma-separated `n` / `n-m` items (n <= m). */
export const PAGE_RANGE_PATTERN = /^(?:all|\d+(?:-\d+)?(?:,\d+(?:-\d+)?)*)$/;
export const pageRange = () =>
  z
    .string()
    .regex(PAGE_RANGE_PATTERN, { error: "must be all, or comma-separated zero-based n or n-m items" })
    .refine((value) => value.split(",").every(rangeIsOrdered), { error: "each n-m range needs n <= m" });

function rangeIsOrdered(item: string): boolean {
  const [from, to] = item.split("-");
  return to === undefined || Number(from) <= Number(to);
}

/** E.164 phone number: +, then up to 15 digits. */
export const E164_PATTERN = /^\+[1-9]\d{1,14}$/;
/**
 * An E.164 number without its "+", as the official FaxSendRequest example sends it
 * ("16690000001"): the country code must then be there, so 11 to 15 digits (a bare
 * 10-digit national number stays ambiguous and is refused).
 */
export const E164_DIGITS_PATTERN = /^[1-9]\d{10,14}$/;

/** A file uploaded in multipart: the client's input shape, and what the service hands over. */
export interface FileUpload {
  filename: string;
  content: Uint8Array;
  contentType?: string;
}

export function isFileUpload(value: unknown): value is FileUpload {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Partial<FileUpload>;
  return typeof candidate.filename === "string" && candidate.content instanceof Uint8Array;
}

export const fileUpload = () => z.custom<FileUpload>(isFileUpload, { error: "must be an uploaded file ({ filename, content })" });

/** files[]: at least one uploaded file. */
export const fileUploads = () => z.array(fileUpload()).min(1, { error: "at least 1 item" });
export const fileUrls = () => z.array(httpUrl()).min(1, { error: "at least 1 item" });

/**
 * metadata: METADATA_MAX_KEYS keys (METADATA_MAX_NESTED_KEYS counting nested ones), key names
 * up to METADATA_KEY_MAX_LENGTH characters, values up to METADATA_VALUE_MAX_LENGTH characters.
 */
export const metadata = () =>
  z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
    const keys = Object.keys(value);
    if (keys.length > L.METADATA_MAX_KEYS) {
      ctx.addIssue({ code: "custom", message: `at most ${L.METADATA_MAX_KEYS} keys` });
    }
    let nested = 0;
    const walk = (node: Record<string, unknown>, path: (string | number)[]) => {
      for (const [key, child] of Object.entries(node)) {
        nested += 1;
        if (key.length > L.METADATA_KEY_MAX_LENGTH) {
          ctx.addIssue({ code: "custom", path: [...path, key], message: `key names at most ${L.METADATA_KEY_MAX_LENGTH} characters` });
        }
        if (child !== null && typeof child === "object") {
          walk(child as Record<string, unknown>, [...path, key]);
        } else if (child !== null && String(child).length > L.METADATA_VALUE_MAX_LENGTH) {
          ctx.addIssue({ code: "custom", path: [...path, key], message: `values at most ${L.METADATA_VALUE_MAX_LENGTH} characters` });
        }
      }
    };
    walk(value, []);
    if (nested > L.METADATA_MAX_NESTED_KEYS) {
      ctx.addIssue({ code: "custom", message: `at most ${L.METADATA_MAX_NESTED_KEYS} nested keys` });
    }
  });

/** page / page_size query parameters of every list operation. */
export const pageQuery = {
  page: z
    .number()
    .int({ error: "must be an integer" })
    .min(L.PAGE_MIN, { error: `at least ${L.PAGE_MIN}` })
    .optional(),
  page_size: z
    .number()
    .int({ error: "must be an integer" })
    .min(L.PAGE_SIZE_MIN, { error: `at least ${L.PAGE_SIZE_MIN}` })
    .max(L.PAGE_SIZE_MAX, { error: `at most ${L.PAGE_SIZE_MAX}` })
    .optional(),
};

/**
 * expires_at: integer Unix seconds, 1..90 days ahead, or null. The service rounds it down to
 * the whole hour, so the lower bound tolerates one hour less.
 */
export const expiresAt = () =>
  z
    .number()
    .int({ error: "must be an integer Unix time in seconds" })
    .refine(
      (seconds) => {
        const days = (seconds * 1000 - Date.now()) / 86_400_000;
        return days >= L.EXPIRES_AT_MIN_DAYS - 1 / 24 && days <= L.EXPIRES_AT_MAX_DAYS;
      },
      { error: `must be ${L.EXPIRES_AT_MIN_DAYS} to ${L.EXPIRES_AT_MAX_DAYS} days in the future` },
    )
    .nullable();

/** An object-level rule; the value is typed loosely because it may be partly invalid. */
export type Refinement = (value: Record<string, unknown>, ctx: z.RefinementCtx) => void;

const present = (value: unknown) => value !== undefined && value !== null;

/** Exactly one of `a` or `b` is sent. */
export function exactlyOneOf(a: string, b: string): Refinement {
  return (value, ctx) => {
    const count = [a, b].filter((key) => present(value[key])).length;
    if (count !== 1) {
      ctx.addIssue({ code: "custom", path: [a], message: `exactly one of ${a} or ${b} is required` });
    }
  };
}

/** At most one of `a` or `b` is sent (neither is fine). */
export function atMostOneOf(a: string, b: string): Refinement {
  return (value, ctx) => {
    if (present(value[a]) && present(value[b])) {
      ctx.addIssue({ code: "custom", path: [a], message: `at most one of ${a} or ${b} may be sent` });
    }
  };
}

/** At least one of `a` or `b` is sent (the service prefers `a` when both are). */
export function oneRequired(a: string, b: string): Refinement {
  return (value, ctx) => {
    if (!present(value[a]) && !present(value[b])) {
      ctx.addIssue({ code: "custom", path: [a], message: `one of ${a} or ${b} is required` });
    }
  };
}

/** At most one of the boolean flags is true. */
export function atMostOneEnabled(a: string, b: string): Refinement {
  return (value, ctx) => {
    if (value[a] === true && value[b] === true) {
      ctx.addIssue({ code: "custom", path: [b], message: `only one of ${a} or ${b} may be enabled` });
    }
  };
}

/** Runs several refinements in order. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function all(...rules: ((value: any, ctx: z.RefinementCtx) => void)[]): Refinement {
  return (value, ctx) => rules.forEach((rule) => rule(value, ctx));
}

/** files / file_urls: exactly one. */
export const documentSourceRule = exactlyOneOf("files", "file_urls");
/** files / file_urls where the documents may come from elsewhere (templates): at most one. */
export const extraDocumentSourceRule = atMostOneOf("files", "file_urls");
