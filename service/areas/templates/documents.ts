/**
 * @module service/areas/templates/documents
 * The documents of a template request: uploaded `files[]` or downloaded `file_urls[]`,
 * inspected with the PDF reader (service/pdf) for page count and orientation.
 *
 * A file that is not a PDF at all is treated as a converted one-page portrait document
 * (the real service converts Word files and images); a file that claims to be a PDF but
 * cannot be read makes the template end in template_error.
 */
import { inspectPdf, isPdfError, type Orientation } from "../../pdf";
import type { CallContext } from "../../kernel";
import type { FileUpload } from "../../../contract";
import { downloadFile } from "../../files/fetch";

export interface PageFacts {
  width: number;
  height: number;
  orientation: Orientation;
}

export interface DocumentFacts {
  index: number;
  name: string;
  page_count: number;
  pages: PageFacts[];
  /** Why the file cannot be used (a broken PDF); undefined when fine. */
  problem?: string;
}

/** US Letter, the size assumed for converted (non-PDF) documents. */
const LETTER: PageFacts = { width: 612, height: 792, orientation: "portrait" };

/** The document fields template.create, create_embedded_draft and update_files share. */
export interface DocumentSources {
  files?: FileUpload[];
  file_urls?: string[];
}

export async function collectDocuments(ctx: CallContext & { body: DocumentSources }): Promise<DocumentFacts[]> {
  const { body } = ctx;
  if (body.files?.length) return body.files.map((f, i) => inspect(i, f.filename, Buffer.from(f.content)));
  const urls = body.file_urls ?? [];
  const out: DocumentFacts[] = [];
  for (const [i, url] of urls.entries()) out.push(inspect(i, nameFromUrl(url), await downloadFile(url, `file_urls.${i}`, ctx.options.maxBodyBytes)));
  return out;
}

function nameFromUrl(url: string): string {
  try {
    const last = new URL(url).pathname.split("/").filter(Boolean).pop();
    return last ? decodeURIComponent(last) : "document.pdf";
  } catch {
    return "document.pdf";
  }
}

export function inspect(index: number, name: string, data: Buffer): DocumentFacts {
  const looksLikePdf = data.subarray(0, 1024).includes("%PDF-");
  if (!looksLikePdf) return { index, name, page_count: 1, pages: [{ ...LETTER }] };
  try {
    const info = inspectPdf(data);
    const pages = info.pages.map((p) => ({ width: p.width, height: p.height, orientation: p.orientation }));
    if (pages.length === 0) return { index, name, page_count: 0, pages, problem: `${name} has no pages` };
    return { index, name, page_count: info.pageCount, pages };
  } catch (e) {
    const why = isPdfError(e) ? e.message : String(e);
    return { index, name, page_count: 0, pages: [], problem: `${name} could not be read as a PDF: ${why}` };
  }
}

/** update_files rule: the same or a higher page count, and the same orientation page by page. */
export function overlayProblem(before: DocumentFacts[], after: DocumentFacts[]): string | undefined {
  const old = before.flatMap((d) => d.pages);
  const next = after.flatMap((d) => d.pages);
  if (next.length < old.length) return `The new files have ${next.length} pages; the template has ${old.length}`;
  const i = old.findIndex((p, n) => p.orientation !== next[n].orientation);
  if (i !== -1) return `Page ${i + 1} is ${next[i].orientation} in the new files but ${old[i].orientation} in the template`;
  return undefined;
}

/** Problems that make processing end in template_error. */
export function documentsProblem(docs: DocumentFacts[], fields: { document_index: number; page?: number | null; api_id: string }[]): string | undefined {
  const broken = docs.find((d) => d.problem);
  if (broken) return broken.problem;
  for (const f of fields) {
    const d = docs[f.document_index];
    if (d && f.page && f.page > d.page_count) return `Field ${f.api_id} is on page ${f.page}, but document ${d.index} has ${d.page_count} pages`;
  }
  return undefined;
}
