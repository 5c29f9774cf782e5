/**
 * @module service/pdf/errors
 * The one error type the PDF toolkit throws. Callers (detection, templates) turn it into
 * `errors[]` entries or a 400; it never escapes as an untyped crash.
 */

/** Machine-readable reason; maps onto detection error names. */
export type PdfErrorCode =
  | "not_pdf" // no %PDF- header / not a PDF at all
  | "malformed" // structure could not be parsed
  | "unsupported" // valid PDF using a feature we do not implement
  | "encrypted" // the document is encrypted
  | "too_large"; // reading it needs more than the document budget (service/pdf/budget.ts)

export class PdfError extends Error {
  override readonly name = "PdfError";
  constructor(
    readonly code: PdfErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function isPdfError(e: unknown): e is PdfError {
  return e instanceof PdfError;
}
