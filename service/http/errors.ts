/**
 * @module service/http/errors
 * The one error a handler throws. The app turns it into the API's envelope
 * `{"error":{"error_msg","error_name","error_path"?}}` with the matching status. No recorded
 * error carries error_path (S1, S2, S6); the emulator keeps it where it names the request
 * field a 400 is about (it helps, and clients read it only if present: D76), and the
 * "recorded-2021" dialect drops it.
 */

/** Default error_name per status, as the real API uses them. */
export const ERROR_NAMES: Record<number, string> = {
  400: "bad_request",
  401: "unauthorized",
  402: "payment_required",
  403: "forbidden",
  404: "not_found",
  405: "method_not_supported",
  409: "conflict",
  410: "deleted",
  413: "bad_request",
  422: "unprocessable_entity",
  429: "exceeded_rate",
  500: "unknown",
  502: "unknown",
  503: "maintenance",
};

export interface ErrorEnvelope {
  error: { error_msg: string; error_name: string; error_path?: string };
}

export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly status: number,
    readonly errorName: string,
    message: string,
    readonly errorPath?: string,
  ) {
    super(message);
  }

  toEnvelope(withPath = true): ErrorEnvelope {
    const error: ErrorEnvelope["error"] = { error_msg: this.message, error_name: this.errorName };
    if (withPath && this.errorPath !== undefined) error.error_path = this.errorPath;
    return { error };
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** Shorthands so handlers read like the rule they enforce. */
export const badRequest = (msg: string, path?: string) => new ApiError(400, "bad_request", msg, path);
export const unauthorized = (msg = "Unauthorized api key") => new ApiError(401, "unauthorized", msg);
export const paymentRequired = (msg: string) => new ApiError(402, "payment_required", msg);
export const forbidden = (msg: string, path?: string) => new ApiError(403, "forbidden", msg, path);
export const notFound = (msg = "Not found", path?: string) => new ApiError(404, "not_found", msg, path);
export const conflict = (msg: string) => new ApiError(409, "conflict", msg);
export const gone = (msg: string) => new ApiError(410, "deleted", msg);
/** An unknown URI, in the real service's words (S8, measured 2026). */
export const invalidUri = () => new ApiError(404, "not_found", "Invalid URI...");

/** An ApiError for an arbitrary status, with the default name for it. */
export function errorForStatus(status: number, msg: string, name?: string): ApiError {
  return new ApiError(status, name ?? ERROR_NAMES[status] ?? (status >= 500 ? "unknown" : "bad_request"), msg);
}
