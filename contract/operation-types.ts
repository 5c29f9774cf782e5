/** The shape of one row of the operation table (see operations.ts). */
import type { z } from "zod";

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/** Per-account rate tiers (service-api-facts §10): RATE_LIMIT_STANDARD_PER_MINUTE, RATE_LIMIT_HIGH_TIER_PER_MINUTE. */
export type RateTier = "standard" | "high";

/** Fax, fax line and report endpoints take the API key only. */
export type AuthMode = "api_key" | "api_key_or_oauth";

/** How an uploaded file travels in multipart: `many` = files[0], files[1] ...; `one` = the field itself. */
export type UploadFields = Readonly<Record<string, "many" | "one">>;

export type ResponseSpec =
  | { readonly kind: "resource"; readonly key: string; readonly schema: z.ZodType }
  | {
      readonly kind: "list";
      readonly key: string;
      /** Other names the list key has in the real service's examples. */
      readonly aliases?: readonly string[];
      readonly schema: z.ZodType;
      readonly paginated: boolean;
    }
  /** The whole body is the result (template.files_as_file_url answers `{ file_url, expires_at }`). */
  | { readonly kind: "body"; readonly schema: z.ZodType }
  | { readonly kind: "empty" };

export interface OperationSpec {
  readonly method: HttpMethod;
  /** Path below the base URL with {param} placeholders, e.g. "/api_app/{client_id}". */
  readonly path: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly response: ResponseSpec;
  /** Statuses that mean success; the first is the documented one (remove_member: 201 for queued transfers, else 200). */
  readonly successStatus: readonly number[];
  /** Present when the operation accepts files (then the body may be multipart). */
  readonly uploads?: UploadFields;
  /** Safe to resend after an ambiguous failure (5xx, network error after sending). */
  readonly idempotent: boolean;
  readonly tier: RateTier;
  readonly auth: AuthMode;
  /**
   * Not part of the documented API: why (hidden from the docs, removed from the description).
   * The local service serves such a route only under its legacy dialect (service/options.ts);
   * the provider sends it only when a setting opts in (D123).
   */
  readonly hidden?: string;
}
