/**
 * @module service/areas/detection/detect
 * The detection itself, independent of HTTP: bytes in, detection_result out. Problems with
 * the document (not a PDF, encrypted, unreadable, page indexes beyond the page count, no
 * fields) never fail the call: they become `errors` / `warnings` entries, as the spec says.
 */
import { createHash } from "node:crypto";
import { inspectPdf, isPdfError, isTooLarge, type PdfFormField, type PdfInfo } from "../../pdf";
import type { Warning } from "../../../contract";
import { formatPageRange, selectPages } from "./page-range";
import { scanTextTags, type DetectedField } from "./text-tags";

/** A type, not an interface: it is answered as the contract's open error object (implicit index signature). */
export type DetectionError = {
  error_msg: string;
  error_path: string;
  error_name: string;
};

/** A type, not an interface: it is answered as the contract's open detection result (implicit index signature). */
export type DetectionResult = {
  document_hash: string;
  detection_mode: string;
  page_count: number;
  pages_analyzed: string;
  detected_at: number;
  form_fields_per_document: DetectedField[];
  form_field_groups: { group_id: string; group_label: string; requirement: string }[];
  warnings: Warning[];
  errors: DetectionError[];
  suggestions: string[];
};

const ANNOTATION_TYPES: Record<string, string | undefined> = {
  text: "text",
  checkbox: "checkbox",
  radio: "radio",
  signature: "signature",
  choice: "dropdown",
};

function fromAnnotations(info: PdfInfo, pages: Set<number>, warnings: Warning[]): { fields: DetectedField[]; groups: DetectionResult["form_field_groups"] } {
  const fields: DetectedField[] = [];
  const groups = new Map<string, { required: boolean }>();
  const seen = new Map<string, number>();
  info.annotations.forEach((a: PdfFormField, i) => {
    if (!pages.has(a.page)) return;
    const type = ANNOTATION_TYPES[a.kind];
    if (!type) {
      warnings.push({ warning_name: "unsupported_field", warning_msg: `Field "${a.name}" on page ${a.page} (${a.kind}) has no form field equivalent and was skipped` });
      return;
    }
    const base = a.name || `${type}_${i + 1}`;
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    const height = info.pages[a.page]?.height ?? 792;
    const f: DetectedField = {
      document_index: 0,
      api_id: count === 0 ? base : `${base}_${count + 1}`,
      name: a.name || base,
      type,
      page: a.page + 1,
      x: Math.round(a.x),
      y: Math.max(0, Math.round(height - a.y - a.height)), // top-left origin, as the API uses
      width: Math.round(a.width),
      height: Math.round(a.height),
      required: a.required,
      signer: 0,
    };
    // Radio widgets sharing a name are one choice: a group.
    if (type === "radio") {
      f.group = base;
      const g = groups.get(base) ?? { required: false };
      g.required ||= a.required;
      groups.set(base, g);
    }
    fields.push(f);
  });
  return {
    fields,
    groups: [...groups].map(([id, g]) => ({ group_id: id, group_label: id, requirement: g.required ? "require_1" : "require_0-1" })),
  };
}

export function detectFields(data: Buffer, mode: string, pageRange: string, now: number): { result: DetectionResult; topWarnings: Warning[] } {
  const result: DetectionResult = {
    document_hash: createHash("sha256").update(data).digest("hex"),
    detection_mode: mode,
    page_count: 0,
    pages_analyzed: "",
    detected_at: now,
    form_fields_per_document: [],
    form_field_groups: [],
    warnings: [],
    errors: [],
    suggestions: [],
  };
  const topWarnings: Warning[] = [];
  let info: PdfInfo;
  try {
    info = inspectPdf(data);
  } catch (e) {
    if (isTooLarge(e)) throw e; // the route answers it with a 400
    const code = isPdfError(e) ? e.code : "malformed";
    result.errors.push(
      code === "not_pdf"
        ? { error_name: "invalid_file_type", error_path: "file", error_msg: "The file is not a PDF document" }
        : { error_name: "unreadable_file", error_path: "file", error_msg: `The PDF could not be read: ${(e as Error).message}` },
    );
    return { result, topWarnings };
  }
  result.page_count = info.pageCount;
  if (info.encrypted) {
    result.errors.push({ error_name: "encrypted_file", error_path: "file", error_msg: "The PDF is encrypted; remove the password protection and try again" });
    return { result, topWarnings };
  }
  const { pages, beyond } = selectPages(pageRange, info.pageCount);
  result.pages_analyzed = formatPageRange(pages);
  if (beyond.length) {
    const msg = `Page index(es) ${formatPageRange(beyond)} beyond the last page (${info.pageCount - 1}); zero-based indexes`;
    if (pages.length === 0) result.errors.push({ error_name: "page_out_of_range", error_path: "page_range", error_msg: `No requested page exists. ${msg}` });
    else {
      const w = { warning_name: "page_out_of_range", warning_msg: `${msg} were skipped` };
      result.warnings.push(w);
      topWarnings.push(w);
    }
  }
  for (const p of info.problems) result.warnings.push({ warning_name: "page_not_readable", warning_msg: p });
  if (pages.length === 0) return { result, topWarnings };
  const wanted = new Set(pages);
  const tags = scanTextTags(
    info.text.filter((t) => wanted.has(t.page)),
    info.pages.map((p) => p.height),
  );
  if (mode === "annotations") {
    const { fields, groups } = fromAnnotations(info, wanted, result.warnings);
    result.form_fields_per_document = fields;
    result.form_field_groups = groups;
    if (!fields.length && tags.fields.length) result.suggestions.push("The document contains text tags: try detection_mode=text_tags");
  } else {
    result.form_fields_per_document = tags.fields;
    for (const bad of tags.invalid) {
      result.warnings.push({ warning_name: "invalid_text_tag", warning_msg: `Page ${bad.page}: ${bad.tag} is not a valid text tag (${bad.why})` });
    }
    const dup = new Set<string>();
    for (const f of tags.fields) {
      if (dup.has(f.api_id)) result.warnings.push({ warning_name: "duplicate_api_id", warning_msg: `api_id ${f.api_id} is used by more than one text tag` });
      dup.add(f.api_id);
    }
    if (!tags.fields.length && info.annotations.some((a) => wanted.has(a.page))) {
      result.suggestions.push("The document has form-field annotations: try detection_mode=annotations");
    }
  }
  if (!result.form_fields_per_document.length) {
    result.warnings.push({ warning_name: "no_fields_found", warning_msg: `No ${mode === "annotations" ? "form-field annotations" : "text tags"} found on the analyzed pages` });
  }
  return { result, topWarnings };
}
