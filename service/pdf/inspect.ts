/**
 * @module service/pdf/inspect
 * `inspectPdf(buf)`: page count, page sizes and orientation, form-field widgets and page text.
 * Throws PdfError for input that is not a readable PDF; never anything else.
 */
import { DocumentBudget, isTooLarge } from "./budget";
import { PdfDocument } from "./document";
import { PdfError } from "./errors";
import { nameOf, numberOf, PdfRef, PdfString, type PdfDict, type PdfValue } from "./objects";
import { extractText, joinItems, type TextItem } from "./text";

export type Orientation = "portrait" | "landscape";
export type FieldKind = "text" | "checkbox" | "radio" | "pushbutton" | "signature" | "choice" | "unknown";

export interface PdfPageInfo {
  width: number;
  height: number;
  orientation: Orientation;
}

/** A form-field widget annotation. Coordinates are PDF user space (origin bottom-left). */
export interface PdfFormField {
  /** Fully qualified field name (parent names joined with "."). */
  name: string;
  /** /FT value: Tx, Btn, Sig, Ch (or "" when absent). */
  fieldType: string;
  kind: FieldKind;
  /** Zero-based page index, or -1 when the widget is on no known page. */
  page: number;
  rect: [number, number, number, number];
  x: number;
  y: number;
  width: number;
  height: number;
  required: boolean;
}

export interface PdfPageText {
  page: number;
  text: string;
  items: TextItem[];
}

export interface PdfInfo {
  pageCount: number;
  pages: PdfPageInfo[];
  encrypted: boolean;
  annotations: PdfFormField[];
  text: PdfPageText[];
  /** Non-fatal problems (an undecodable content stream, ...). */
  problems: string[];
}

const MAX_PAGES = 10_000;

interface PageNode {
  dict: PdfDict;
  ref: PdfRef | undefined;
  mediaBox: PdfValue;
  rotate: number;
  resources: PdfDict | undefined;
}

function collectPages(doc: PdfDocument): PageNode[] {
  const root = doc.dict(doc.trailer.get("Root"));
  const pages: PageNode[] = [];
  const seen = new Set<PdfDict>();
  const walk = (v: PdfValue | undefined, inherited: Omit<PageNode, "dict" | "ref">, depth: number): void => {
    doc.budget.visit("the page tree");
    const node = doc.dict(v);
    if (!node || seen.has(node) || depth > 64 || pages.length >= MAX_PAGES) return;
    seen.add(node);
    const own = {
      mediaBox: node.get("MediaBox") ?? inherited.mediaBox,
      rotate: numberOf(doc.get(node.get("Rotate"))) ?? inherited.rotate,
      resources: doc.dict(node.get("Resources")) ?? inherited.resources,
    };
    const kids = doc.get(node.get("Kids"));
    if (nameOf(node.get("Type")) === "Page" || !Array.isArray(kids)) {
      pages.push({ dict: node, ref: v instanceof PdfRef ? v : undefined, ...own });
      return;
    }
    for (const kid of kids) walk(kid, own, depth + 1);
  };
  walk(root?.get("Pages"), { mediaBox: null, rotate: 0, resources: undefined }, 0);
  return pages;
}

function pageInfo(doc: PdfDocument, p: PageNode): PdfPageInfo {
  const box = doc.get(p.mediaBox);
  const nums = Array.isArray(box) ? box.map((x) => numberOf(doc.get(x)) ?? 0) : [0, 0, 612, 792];
  let width = Math.abs((nums[2] ?? 612) - (nums[0] ?? 0));
  let height = Math.abs((nums[3] ?? 792) - (nums[1] ?? 0));
  if (Math.abs(p.rotate) % 180 === 90) [width, height] = [height, width];
  return { width, height, orientation: width > height ? "landscape" : "portrait" };
}

function pdfText(v: PdfValue): string {
  if (!(v instanceof PdfString)) return "";
  const b = v.bytes;
  if (b[0] === 0xfe && b[1] === 0xff) {
    let s = "";
    for (let i = 2; i + 1 < b.length; i += 2) s += String.fromCharCode((b[i]! << 8) | b[i + 1]!);
    return s;
  }
  return b.toString("latin1");
}

/** Reads an inheritable field attribute by walking /Parent. */
function inherited(doc: PdfDocument, field: PdfDict, key: string): PdfValue {
  let node: PdfDict | undefined = field;
  for (let i = 0; node && i < 32; i++) {
    if (node.has(key)) return doc.get(node.get(key));
    node = doc.dict(node.get("Parent"));
  }
  return null;
}

function fullName(doc: PdfDocument, field: PdfDict): string {
  const parts: string[] = [];
  let node: PdfDict | undefined = field;
  for (let i = 0; node && i < 32; i++) {
    const t = doc.get(node.get("T"));
    if (t instanceof PdfString) parts.unshift(pdfText(t));
    node = doc.dict(node.get("Parent"));
  }
  return parts.join(".");
}

function toField(doc: PdfDocument, widget: PdfDict, page: number): PdfFormField | undefined {
  const rectV = doc.get(widget.get("Rect"));
  if (!Array.isArray(rectV) || rectV.length < 4) return undefined;
  const r = rectV.slice(0, 4).map((x) => numberOf(doc.get(x)) ?? 0) as [number, number, number, number];
  const fieldType = nameOf(inherited(doc, widget, "FT")) ?? "";
  const flags = numberOf(inherited(doc, widget, "Ff")) ?? 0;
  let kind: FieldKind = "unknown";
  if (fieldType === "Tx") kind = "text";
  else if (fieldType === "Sig") kind = "signature";
  else if (fieldType === "Ch") kind = "choice";
  else if (fieldType === "Btn") kind = flags & (1 << 16) ? "pushbutton" : flags & (1 << 15) ? "radio" : "checkbox";
  const x = Math.min(r[0], r[2]);
  const y = Math.min(r[1], r[3]);
  return {
    name: fullName(doc, widget),
    fieldType,
    kind,
    page,
    rect: r,
    x,
    y,
    width: Math.abs(r[2] - r[0]),
    height: Math.abs(r[3] - r[1]),
    required: (flags & 2) !== 0,
  };
}

function collectFields(doc: PdfDocument, pages: PageNode[]): PdfFormField[] {
  const out: PdfFormField[] = [];
  const seen = new Set<PdfDict>();
  const pageIndexByObj = new Map<number, number>();
  pages.forEach((p, i) => p.ref && pageIndexByObj.set(p.ref.num, i));
  pages.forEach((p, i) => {
    const annots = doc.get(p.dict.get("Annots"));
    if (!Array.isArray(annots)) return;
    for (const a of annots) {
      doc.budget.visit("annotations");
      const d = doc.dict(a);
      if (!d || seen.has(d) || nameOf(d.get("Subtype")) !== "Widget") continue;
      seen.add(d);
      const f = toField(doc, d, i);
      if (f) out.push(f);
    }
  });
  // Widgets reachable only from the AcroForm field tree (not listed in any /Annots).
  const acro = doc.dict(doc.dict(doc.trailer.get("Root"))?.get("AcroForm"));
  const walked = new Set<PdfDict>();
  const walk = (v: PdfValue, depth: number): void => {
    doc.budget.visit("the form field tree");
    const d = doc.dict(v);
    // Every node once: a field listing itself twice among its /Kids must not fan out 2^32 ways.
    if (!d || depth > 32 || walked.has(d)) return;
    walked.add(d);
    const kids = doc.get(d.get("Kids"));
    if (Array.isArray(kids) && kids.length) {
      for (const k of kids) walk(k, depth + 1);
      return;
    }
    if (seen.has(d)) return;
    seen.add(d);
    const pRef = d.get("P");
    const page = pRef instanceof PdfRef ? (pageIndexByObj.get(pRef.num) ?? -1) : -1;
    const f = toField(doc, d, page);
    if (f) out.push(f);
  };
  const fields = doc.get(acro?.get("Fields"));
  if (Array.isArray(fields)) for (const f of fields) walk(f, 0);
  return out;
}

/** A page's content; its bytes are charged at every use, as a shared stream is interpreted per page. */
function pageContent(doc: PdfDocument, p: PageNode, page: number): Buffer {
  const c = doc.get(p.dict.get("Contents"));
  const parts = Array.isArray(c) ? c : [c];
  const bufs: Buffer[] = [];
  for (const part of parts) {
    const data = doc.streamData(part);
    if (!data) continue;
    doc.budget.chargeBytes(data.length, `the content of page ${page}`);
    bufs.push(data, Buffer.from("\n"));
  }
  return Buffer.concat(bufs);
}

/**
 * Inspects a PDF. Throws PdfError (codes not_pdf / malformed) when it cannot be read, and
 * too_large when reading it would pass `budget` (one per document; tests pass their own to read it).
 */
export function inspectPdf(buf: Buffer, budget = new DocumentBudget()): PdfInfo {
  if (!Buffer.isBuffer(buf) || buf.length === 0) throw new PdfError("not_pdf", "empty file");
  try {
    const doc = new PdfDocument(buf, budget);
    const nodes = collectPages(doc);
    if (nodes.length === 0) throw new PdfError("malformed", "document has no pages");
    const problems: string[] = [];
    const encrypted = doc.encrypted;
    const annotations = encrypted ? [] : collectFields(doc, nodes);
    const text: PdfPageText[] = nodes.map((p, page) => {
      if (encrypted) return { page, text: "", items: [] };
      try {
        const items = extractText(doc, pageContent(doc, p, page), p.resources);
        return { page, text: joinItems(items), items };
      } catch (e) {
        if (isTooLarge(e)) throw e;
        problems.push(`page ${page}: ${e instanceof Error ? e.message : String(e)}`);
        return { page, text: "", items: [] };
      }
    });
    return { pageCount: nodes.length, pages: nodes.map((p) => pageInfo(doc, p)), encrypted, annotations, text, problems };
  } catch (e) {
    if (e instanceof PdfError) throw e;
    // Any other failure inside the parser is a malformed file, not a server error.
    throw new PdfError("malformed", `could not parse PDF: ${e instanceof Error ? e.message : String(e)}`);
  }
}
