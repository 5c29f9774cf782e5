/**
 * @module service/areas/signature-requests/files
 * GET /signature_request/files/{id} (the request's files_url): a PDF rendered from what the
 * service stores about the documents (one page per document page, then the signature page),
 * since uploaded bytes are not kept (keeps the journal small); with file_type=zip, one PDF per
 * document (the signature page its own) in a ZIP archive. Not in the contract's table;
 * the real API has it (service-api-facts §6).
 */
import { makePdf, type MakePdfPage } from "../../pdf";
import { rawRoute } from "../../http/route";
import type { RequestContext, Reply, Route } from "../../kernel";
import { requestFor } from "./model";
import { signaturePage, type StoredDocument } from "./documents";
import { documentsReply, fileTypeOf } from "../../files/download";

/** Placeholder pages standing for stored documents. */
export function renderDocuments(docs: { name: string; page_count: number; generated?: boolean }[]): MakePdfPage[] {
  return docs
    .filter((d) => !d.generated)
    .flatMap((d) => Array.from({ length: Math.max(1, Math.min(d.page_count, 500)) }, (_, i) => ({ texts: [{ x: 72, y: 720, text: `${d.name} - page ${i + 1} of ${d.page_count}` }] })));
}

function requestFiles(ctx: RequestContext): Reply {
  fileTypeOf(ctx);
  const rec = requestFor(ctx, ctx.account, ctx.params.signature_request_id!);
  const signers = rec.signatures.map((s) => ({ name: s.signer_name, email_address: s.signer_email_address }));
  const pagesOf = (d: StoredDocument): MakePdfPage[] => (d.generated ? [signaturePage(rec.title, signers)] : renderDocuments([d]));
  const pages = [...renderDocuments(rec.documents), ...(rec.documents.some((d) => d.generated) ? [signaturePage(rec.title, signers)] : [])];
  const docs = rec.documents.map((d) => ({ name: d.name, pdf: () => makePdf({ pages: pagesOf(d) }) }));
  return documentsReply(ctx, rec.signature_request_id, docs, () => makePdf({ pages: pages.length ? pages : [{}] }));
}

export const filesRoute: Route = rawRoute({ method: "GET", path: "/signature_request/files/{signature_request_id}" }, requestFiles);
