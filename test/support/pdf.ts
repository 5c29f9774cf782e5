/**
 * @module test/support/pdf
 * Re-exports the service's PDF writer/reader so tests build real PDFs the same way the
 * service does, plus small helpers for common test documents.
 */
import { makePdf, type MakePdfField } from "../../service/pdf";

export { makePdf, inspectPdf, PdfError, isPdfError } from "../../service/pdf";
export type { MakePdfOptions, MakePdfPage, MakePdfField, PdfInfo } from "../../service/pdf";

/** A one-page Letter PDF with the given form fields. */
export function pdfWithFields(fields: MakePdfField[], pages = 1): Buffer {
  return makePdf({ pages: Array.from({ length: pages }, (_, i) => ({ texts: [{ x: 72, y: 720, text: `Page ${i + 1}` }], fields: i === 0 ? fields : [] })) });
}

/** A PDF whose pages contain the given lines of text (e.g. text tags), one array per page. */
export function pdfWithText(pages: string[][]): Buffer {
  return makePdf({ pages: pages.map((lines) => ({ texts: lines.map((text, i) => ({ x: 72, y: 720 - i * 40, text })) })) });
}
