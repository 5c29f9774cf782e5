/** The shape of one row of the operation table (see operations.ts). */
import type { z } from "zod";

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/** standard = 100 req/min, high = 25 req/min per account (service-api-facts §10). */
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
  | { readonly kind: "empty" };

export interface OperationSpec {
  readonly method: HttpMethod;
  /** Path below the base URL with {param} placeholders, e.g. "/api_app/{client_id}". */
  readonly path: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly response: ResponseSpec;
  /** Statuses that mean success; the first is the documented one. */
  readonly successStatus: readonly number[];
  /** Present when the operation accepts files (then the body may be multipart). */
  readonly uploads?: UploadFields;
  /** Safe to resend after an ambiguous failure (5xx, network error after sending). */
  readonly idempotent: boolean;
  readonly tier: RateTier;
  readonly auth: AuthMode;
}
