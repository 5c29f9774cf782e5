/**
 * @module service/areas/signature-requests/fields
 * Form fields of a sent request when they come from the documents themselves:
 * use_text_tags (text tags, read with the detection area's scanner) or use_preexisting_fields
 * (the PDF's form-field annotations). Invalid text tags fail the request (400) unless
 * ignore_text_tags_extraction_errors is set; then they are warnings. Text tags in a file
 * that is not a PDF cannot be read: warning non_pdf_text_tags.
 */
import { badRequest } from "../../http/errors";
import type { Warning } from "../../../contract";
import { detectFields } from "../detection/detect";
import type { LoadedDocument } from "./documents";

export interface DocumentFieldOptions {
  use_text_tags?: boolean;
  use_preexisting_fields?: boolean;
  ignore_text_tags_extraction_errors?: boolean;
}

export function fieldsFromDocuments(docs: LoadedDocument[], opts: DocumentFieldOptions, signerCount: number, now: number): { fields: Record<string, unknown>[]; warnings: Warning[] } {
  const mode = opts.use_text_tags ? "text_tags" : opts.use_preexisting_fields ? "annotations" : undefined;
  const fields: Record<string, unknown>[] = [];
  const warnings: Warning[] = [];
  if (!mode) return { fields, warnings };
  docs.forEach((doc, index) => {
    if (!doc.data.subarray(0, 1024).includes("%PDF-")) {
      if (mode === "text_tags") warnings.push({ warning_name: "non_pdf_text_tags", warning_msg: `${doc.name} is not a PDF; its text tags cannot be read` });
      return;
    }
    const { result } = detectFields(doc.data, mode, "all", now);
    const problems = [...result.errors.map((e) => e.error_msg), ...result.warnings.filter((w) => w.warning_name === "invalid_text_tag").map((w) => w.warning_msg)];
    for (const f of result.form_fields_per_document) {
      if (mode === "text_tags" && typeof f.signer === "number" && f.signer >= signerCount) {
        problems.push(`${f.api_id} names signer${f.signer + 1} but the request has ${signerCount} signer(s)`);
        continue;
      }
      fields.push({ ...f, document_index: index });
    }
    for (const p of problems) {
      if (mode === "text_tags" && !opts.ignore_text_tags_extraction_errors) throw badRequest(`Text tag extraction failed in ${doc.name}: ${p}`, "use_text_tags");
      warnings.push({ warning_name: "text_tags_extraction", warning_msg: `${doc.name}: ${p}` });
    }
  });
  return { fields, warnings };
}
