/**
 * @module service/pdf
 * Minimal PDF toolkit: read (page count, orientation, form fields, text) and write.
 */
export { PdfError, isPdfError, type PdfErrorCode } from "./errors";
export { DocumentBudget, isTooLarge } from "./budget";
export { inspectPdf, type PdfInfo, type PdfPageInfo, type PdfFormField, type PdfPageText, type FieldKind, type Orientation } from "./inspect";
export { makePdf, pdfLiteral, type MakePdfOptions, type MakePdfPage, type MakePdfField, type MakePdfText } from "./writer";
export type { TextItem } from "./text";
