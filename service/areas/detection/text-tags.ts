/**
 * @module service/areas/detection/text-tags
 * Dropbox Sign text tags in page text: `[type|req|signerN|label|api_id|validation]`, e.g.
 * `[sig|req|signer1]`, `[text|noreq|signer2|Label|api_id]`, `[initial|req|signer1]`,
 * `[date|req|signer1]`, `[check|noreq|signer1]`. Tags map to form fields placed where the tag
 * is printed; bracketed text that looks like a tag but is not valid becomes a warning.
 */
import type { PdfPageText } from "../../pdf";

/** A type, not an interface: it is answered as the contract's open form field object. */
export type DetectedField = {
  document_index: number;
  api_id: string;
  name: string;
  type: string;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  required: boolean;
  signer: number | null;
  group?: string;
};

const TAG_TYPES: Record<string, string> = {
  sig: "signature",
  signature: "signature",
  initial: "initials",
  initials: "initials",
  text: "text",
  date: "date_signed",
  check: "checkbox",
  checkbox: "checkbox",
  radio: "radio",
  dropdown: "dropdown",
  hyperlink: "hyperlink",
  "text-merge": "text-merge",
  "checkbox-merge": "checkbox-merge",
};

/** Anything bracketed with a "|" inside is a tag candidate. */
const CANDIDATE = /\[[^[\]|]*\|[^[\]]*\]/g;
const CHAR_WIDTH = 0.5; // of the font size: the same estimate the text reader uses

export interface TagScan {
  fields: DetectedField[];
  invalid: { page: number; tag: string; why: string }[];
}

function parseTag(tag: string): { type: string; required: boolean; signer: number; label?: string; apiId?: string } | string {
  const parts = tag
    .slice(1, -1)
    .split("|")
    .map((p) => p.trim());
  const [kind, req, signer, label, apiId] = parts;
  const type = TAG_TYPES[kind?.toLowerCase() ?? ""];
  if (!type) return `unknown field type "${kind}"`;
  if (req !== "req" && req !== "noreq") return `second part must be req or noreq, got "${req ?? ""}"`;
  const m = /^signer(\d+)$/i.exec(signer ?? "");
  if (!m || Number(m[1]) < 1) return `third part must be signer1, signer2, ... got "${signer ?? ""}"`;
  return { type, required: req === "req", signer: Number(m[1]) - 1, label: label || undefined, apiId: apiId || undefined };
}

export function scanTextTags(pages: PdfPageText[], pageHeights: number[]): TagScan {
  const fields: DetectedField[] = [];
  const invalid: TagScan["invalid"] = [];
  const counters = new Map<string, number>();
  for (const p of pages) {
    for (const item of p.items) {
      for (const m of item.text.matchAll(CANDIDATE)) {
        const tag = m[0];
        const parsed = parseTag(tag);
        if (typeof parsed === "string") {
          invalid.push({ page: p.page, tag, why: parsed });
          continue;
        }
        const size = item.size || 12;
        const n = (counters.get(parsed.type) ?? 0) + 1;
        counters.set(parsed.type, n);
        const width = Math.max(1, Math.round(tag.length * size * CHAR_WIDTH));
        const height = Math.max(1, Math.round(size * 1.2));
        const left = item.x + (m.index ?? 0) * size * CHAR_WIDTH;
        // The API's x/y are from the top-left corner of the page; PDF's from the bottom-left.
        const top = (pageHeights[p.page] ?? 792) - item.y - size;
        fields.push({
          document_index: 0,
          api_id: parsed.apiId ?? `${parsed.type}_${n}`,
          name: parsed.label ?? parsed.apiId ?? `${parsed.type}_${n}`,
          type: parsed.type,
          page: p.page + 1,
          x: Math.max(0, Math.round(left)),
          y: Math.max(0, Math.round(top)),
          width,
          height,
          required: parsed.required,
          signer: parsed.signer,
        });
      }
    }
  }
  return { fields, invalid };
}
