/**
 * @module service/areas/signature-requests/documents
 * Document input shared by the part-2 areas (signature requests, drafts, faxes, detection):
 * uploaded files or downloaded file_urls as raw buffers, page facts from the PDF reader,
 * the generated signature page, and the public URL of this service for links it hands out.
 */
import { inspectPdf, type MakePdfPage } from "../../pdf";
import type { ServiceContext } from "../../kernel";
import type { FileUpload } from "../../../contract";
import { downloadFile } from "../../files/fetch";

export interface LoadedDocument {
  name: string;
  data: Buffer;
}

export interface StoredDocument {
  name: string;
  page_count: number;
  /** True when the service generated it (the signature page). */
  generated: boolean;
}

export function nameFromUrl(url: string): string {
  try {
    const last = new URL(url).pathname.split("/").filter(Boolean).pop();
    return last ? decodeURIComponent(last) : "document.pdf";
  } catch {
    return "document.pdf";
  }
}

/** files[] or file_urls[] of a validated body (the contract already enforced exactly one). */
export async function loadDocuments(svc: ServiceContext, body: { files?: FileUpload[]; file_urls?: string[] }): Promise<LoadedDocument[]> {
  if (body.files?.length) return body.files.map((f) => ({ name: f.filename, data: Buffer.from(f.content) }));
  const out: LoadedDocument[] = [];
  for (const [i, url] of (body.file_urls ?? []).entries()) {
    out.push({ name: nameFromUrl(url), data: await downloadFile(url, `file_urls.${i}`, svc.options.maxBodyBytes) });
  }
  return out;
}

/** Page count of a document; non-PDF files count as one converted page (as the real service converts them). */
export function pageCountOf(data: Buffer): number {
  if (!data.subarray(0, 1024).includes("%PDF-")) return 1;
  try {
    return inspectPdf(data).pageCount;
  } catch {
    return 1;
  }
}

export function storedDocuments(docs: LoadedDocument[]): StoredDocument[] {
  return docs.map((d) => ({ name: d.name, page_count: pageCountOf(d.data), generated: false }));
}

/** The page the service appends when no form fields are given: one signature line per signer. */
export function signaturePage(title: string, signers: { name: string; email_address: string }[]): MakePdfPage {
  const texts = [
    { x: 72, y: 740, text: "Signature page", size: 18 },
    { x: 72, y: 715, text: `By signing below, each signer agrees to all documents of "${title}".`, size: 10 },
  ];
  const fields = signers.map((s, i) => {
    const y = 640 - i * 70;
    texts.push({ x: 72, y: y + 40, text: `${s.name} <${s.email_address}>`, size: 11 });
    return { name: `signature_${i}`, type: "signature" as const, rect: [72, y, 320, y + 32] as [number, number, number, number], required: true };
  });
  return { texts, fields };
}

/**
 * Base URL of this service as clients reach it (for claim URLs and report links).
 * Uses the service's `publicUrl` once it listens; else the configured host and port.
 */
export function serviceUrl(svc: ServiceContext): string {
  if (svc.publicUrl) return svc.publicUrl.replace(/\/$/, "");
  const h = svc.options.host;
  const host = h === "0.0.0.0" || h === "::" ? "127.0.0.1" : h.includes(":") ? `[${h}]` : h;
  return `http://${host}:${svc.options.port}`;
}
