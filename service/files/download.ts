/**
 * @module service/files/download
 * The `file_type` query of the file downloads (`/template/files/{id}`,
 * `/signature_request/files/{id}`): `pdf` (the default) is one merged PDF, `zip` the
 * documents one PDF each in a ZIP archive; anything else is a 400 naming file_type.
 */
import { badRequest } from "../http/errors";
import type { Reply, RequestContext } from "../kernel";
import { entryNames, zip } from "./zip";

export type FileType = "pdf" | "zip";
const FILE_TYPES: readonly FileType[] = ["pdf", "zip"];

export function fileTypeOf(ctx: RequestContext): FileType {
  const v = ctx.query.file_type;
  if (v === undefined) return "pdf";
  if (typeof v === "string" && (FILE_TYPES as readonly string[]).includes(v)) return v as FileType;
  throw badRequest(`file_type must be one of ${FILE_TYPES.join(", ")}`, "file_type");
}

/** The download in the asked form; `basename` names the attachment (`<id>.pdf` or `<id>.zip`). */
export function documentsReply(ctx: RequestContext, basename: string, docs: { name: string; pdf: () => Buffer }[], merged: () => Buffer): Reply {
  const type = fileTypeOf(ctx);
  if (type === "pdf") {
    return { status: 200, raw: merged(), contentType: "application/pdf", headers: { "Content-Disposition": `attachment; filename="${basename}.pdf"` } };
  }
  const names = entryNames(docs.map((d) => d.name));
  const archive = zip(docs.map((d, i) => ({ name: names[i]!, data: d.pdf() })));
  return { status: 200, raw: archive, contentType: "application/zip", headers: { "Content-Disposition": `attachment; filename="${basename}.zip"` } };
}
