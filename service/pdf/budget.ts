/**
 * @module service/pdf/budget
 * One allowance per document for the work a hostile file can multiply: bytes decoded
 * (inflated streams) or interpreted again (a content stream or CMap shared by many pages is
 * charged at every use), objects visited (a widget array shared by every page) and values
 * read by the lexer (a stream of nothing but `[0]` costs far more per byte than text). A file
 * that needs more is refused with PdfError "too_large", which the routes answer with a 400,
 * rather than blocking the event loop or taking the process's memory.
 */
import { PdfError } from "./errors";

/** Far above a legitimate upload's text and structure (images are never decoded); low enough that interpreting it all takes well under a second. */
export const DOCUMENT_DECODE_BYTES = 16 * 1024 * 1024;
/** Objects the form-field and page walks may visit in one document. */
export const DOCUMENT_VISITS = 500_000;
/**
 * Values read in one document, file structure and content streams together: a text-heavy page
 * has a few thousand; a stream of nothing but `[0]` costs far more per byte than text, and
 * half a million values take about half a second here.
 */
export const DOCUMENT_TOKENS = 500_000;

export class DocumentBudget {
  private bytes = 0;
  private visits = 0;
  private tokens = 0;

  constructor(
    readonly maxBytes = DOCUMENT_DECODE_BYTES,
    readonly maxVisits = DOCUMENT_VISITS,
    readonly maxTokens = DOCUMENT_TOKENS,
  ) {}

  /** Bytes accepted so far, never more than maxBytes (the tests read it to show that shared streams are decoded once). */
  get bytesUsed(): number {
    return this.bytes;
  }

  /** Bytes still allowed; what one inflate may produce at most. */
  get bytesLeft(): number {
    return Math.max(0, this.maxBytes - this.bytes);
  }

  /** Counts `n` bytes, or refuses them (uncounted) when they would pass the limit. */
  chargeBytes(n: number, what: string): void {
    if (this.bytes + n > this.maxBytes) throw tooLarge(`${what} takes the decoded size past ${this.maxBytes / (1024 * 1024)} MiB`);
    this.bytes += n;
  }

  visit(what: string): void {
    if (++this.visits > this.maxVisits) throw tooLarge(`${what}: more than ${this.maxVisits} objects visited`);
  }

  /** One value read by the lexer. */
  token(): void {
    if (++this.tokens > this.maxTokens) throw tooLarge(`more than ${this.maxTokens} values to read`);
  }
}

export function tooLarge(why: string): PdfError {
  return new PdfError("too_large", `the PDF takes more to read than one document may: ${why}`);
}

/** The one error a `catch` inside the reader must never swallow. */
export function isTooLarge(e: unknown): e is PdfError {
  return e instanceof PdfError && e.code === "too_large";
}
