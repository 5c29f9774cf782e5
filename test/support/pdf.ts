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

/** Assembles a PDF from object bodies (object i+1 = bodies[i]) with a correct xref table. */
export function rawPdf(bodies: (string | Buffer)[], opts: { brokenXref?: boolean; trailerExtra?: (xrefOffset: number) => string } = {}): Buffer {
  const chunks: Buffer[] = [Buffer.from("%PDF-1.4\n")];
  let offset = chunks[0]!.length;
  const offsets: number[] = [];
  bodies.forEach((b, i) => {
    const buf = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.isBuffer(b) ? b : Buffer.from(b, "latin1"), Buffer.from("\nendobj\n")]);
    offsets.push(offset);
    chunks.push(buf);
    offset += buf.length;
  });
  let xref = `xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) xref += `${String(opts.brokenXref ? o + 7 : o).padStart(10, "0")} 00000 n \n`;
  xref += `trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R ${opts.trailerExtra?.(offset) ?? ""}>>\nstartxref\n${opts.brokenXref ? 3 : offset}\n%%EOF\n`;
  chunks.push(Buffer.from(xref));
  return Buffer.concat(chunks);
}
