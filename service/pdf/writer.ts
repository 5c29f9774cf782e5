/**
 * @module service/pdf/writer
 * `makePdf(spec)`: a tiny PDF writer for tests and for pages the service generates (the
 * signature page of a signature request, fax cover pages). Produces Helvetica text and
 * AcroForm widgets (text, checkbox, signature), with FlateDecode content streams by default.
 * Options exist to exercise reader paths: object streams + xref stream, an /Encrypt marker.
 */
import * as zlib from "node:zlib";

export interface MakePdfText {
  x: number;
  y: number;
  text: string;
  size?: number;
}

export interface MakePdfField {
  name: string;
  type: "text" | "checkbox" | "radio" | "signature";
  /** [x1, y1, x2, y2] in points, origin bottom-left. */
  rect: [number, number, number, number];
  required?: boolean;
}

export interface MakePdfPage {
  width?: number;
  height?: number;
  texts?: MakePdfText[];
  fields?: MakePdfField[];
}

export interface MakePdfOptions {
  pages: MakePdfPage[];
  /** Compress content streams with FlateDecode (default true). */
  compress?: boolean;
  /** Store objects in an object stream with an xref stream (PDF 1.5 style). */
  objectStreams?: boolean;
  /** Add an /Encrypt entry to the trailer (content stays readable; for testing detection). */
  markEncrypted?: boolean;
}

/** Escapes a string for a PDF literal; characters outside Latin-1 become "?". */
export function pdfLiteral(s: string): string {
  let out = "(";
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === "(" || ch === ")" || ch === "\\") out += "\\" + ch;
    else if (c > 255) out += "?";
    else if (c < 32 || c > 126) out += "\\" + c.toString(8).padStart(3, "0");
    else out += ch;
  }
  return out + ")";
}

const FIELD_FLAGS = { required: 2, radio: 1 << 15 };

export function makePdf(spec: MakePdfOptions): Buffer {
  const compress = spec.compress ?? true;
  const pages = spec.pages.length ? spec.pages : [{}];
  // Object numbering: 1 catalog, 2 pages, 3 font, then per page: page, content, fields...
  const bodies = new Map<number, string | { dict: string; data: Buffer }>();
  let next = 4;
  const pageRefs: number[] = [];
  const fieldRefs: number[] = [];
  for (const page of pages) {
    const pageNum = next++;
    const contentNum = next++;
    pageRefs.push(pageNum);
    const w = page.width ?? 612;
    const h = page.height ?? 792;
    const ops = (page.texts ?? []).map((t) => `BT /F1 ${t.size ?? 12} Tf ${t.x} ${t.y} Td ${pdfLiteral(t.text)} Tj ET`).join("\n");
    const raw = Buffer.from(ops + "\n", "latin1");
    const data = compress ? zlib.deflateSync(raw) : raw;
    bodies.set(contentNum, { dict: `<< /Length ${data.length}${compress ? " /Filter /FlateDecode" : ""} >>`, data });
    const annots: number[] = [];
    for (const f of page.fields ?? []) {
      const n = next++;
      annots.push(n);
      fieldRefs.push(n);
      const ft = f.type === "text" ? "Tx" : f.type === "signature" ? "Sig" : "Btn";
      const flags = (f.required ? FIELD_FLAGS.required : 0) | (f.type === "radio" ? FIELD_FLAGS.radio : 0);
      const extra = f.type === "checkbox" || f.type === "radio" ? " /V /Off /AS /Off" : "";
      bodies.set(n, `<< /Type /Annot /Subtype /Widget /FT /${ft} /T ${pdfLiteral(f.name)} /Rect [${f.rect.join(" ")}] /Ff ${flags} /F 4 /P ${pageNum} 0 R${extra} >>`);
    }
    const annotsEntry = annots.length ? ` /Annots [${annots.map((n) => `${n} 0 R`).join(" ")}]` : "";
    bodies.set(pageNum, `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w} ${h}] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contentNum} 0 R${annotsEntry} >>`);
  }
  const acro = fieldRefs.length ? ` /AcroForm << /Fields [${fieldRefs.map((n) => `${n} 0 R`).join(" ")}] /DA (/Helv 0 Tf 0 g) /DR << /Font << /Helv 3 0 R >> >> >>` : "";
  bodies.set(1, `<< /Type /Catalog /Pages 2 0 R${acro} >>`);
  bodies.set(2, `<< /Type /Pages /Kids [${pageRefs.map((n) => `${n} 0 R`).join(" ")}] /Count ${pageRefs.length} >>`);
  bodies.set(3, `<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>`);
  const size = next;
  const encrypt = spec.markEncrypted ? " /Encrypt << /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >> /ID [<00> <00>]" : "";
  return spec.objectStreams ? writeWithObjectStream(bodies, size, encrypt) : writeClassic(bodies, size, encrypt);
}

const HEADER = Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1");

function serialize(num: number, body: string | { dict: string; data: Buffer }): Buffer {
  if (typeof body === "string") return Buffer.from(`${num} 0 obj\n${body}\nendobj\n`, "latin1");
  return Buffer.concat([Buffer.from(`${num} 0 obj\n${body.dict}\nstream\n`, "latin1"), body.data, Buffer.from("\nendstream\nendobj\n", "latin1")]);
}

function writeClassic(bodies: Map<number, string | { dict: string; data: Buffer }>, size: number, encrypt: string): Buffer {
  const chunks: Buffer[] = [HEADER];
  let offset = HEADER.length;
  const offsets: number[] = new Array(size).fill(0);
  for (let n = 1; n < size; n++) {
    const b = serialize(n, bodies.get(n)!);
    offsets[n] = offset;
    chunks.push(b);
    offset += b.length;
  }
  let xref = `xref\n0 ${size}\n0000000000 65535 f \n`;
  for (let n = 1; n < size; n++) xref += `${String(offsets[n]).padStart(10, "0")} 00000 n \n`;
  xref += `trailer\n<< /Size ${size} /Root 1 0 R${encrypt} >>\nstartxref\n${offset}\n%%EOF\n`;
  chunks.push(Buffer.from(xref, "latin1"));
  return Buffer.concat(chunks);
}

/** Non-stream objects go into one /ObjStm; offsets are recorded in a binary xref stream. */
function writeWithObjectStream(bodies: Map<number, string | { dict: string; data: Buffer }>, size: number, encrypt: string): Buffer {
  const chunks: Buffer[] = [HEADER];
  let offset = HEADER.length;
  const objStmNum = size;
  const xrefNum = size + 1;
  const entries: Array<[number, number, number]> = new Array(size + 2).fill([0, 0, 0]);
  entries[0] = [0, 0, 65535];
  const inStream: number[] = [];
  for (let n = 1; n < size; n++) {
    const body = bodies.get(n)!;
    if (typeof body === "string") {
      inStream.push(n);
      continue;
    }
    const b = serialize(n, body);
    entries[n] = [1, offset, 0];
    chunks.push(b);
    offset += b.length;
  }
  let header = "";
  let objs = "";
  inStream.forEach((n, i) => {
    header += `${n} ${objs.length} `;
    objs += (bodies.get(n) as string) + "\n";
    entries[n] = [2, objStmNum, i];
  });
  const stmData = zlib.deflateSync(Buffer.from(header + "\n" + objs, "latin1"));
  const first = Buffer.byteLength(header + "\n", "latin1");
  const stm = serialize(objStmNum, {
    dict: `<< /Type /ObjStm /N ${inStream.length} /First ${first} /Length ${stmData.length} /Filter /FlateDecode >>`,
    data: stmData,
  });
  entries[objStmNum] = [1, offset, 0];
  chunks.push(stm);
  offset += stm.length;
  entries[xrefNum] = [1, offset, 0];
  const rows = Buffer.alloc(entries.length * 7);
  entries.forEach(([t, a, b], i) => {
    rows[i * 7] = t;
    rows.writeUInt32BE(a, i * 7 + 1);
    rows.writeUInt16BE(b, i * 7 + 5);
  });
  const xdata = zlib.deflateSync(rows);
  chunks.push(
    serialize(xrefNum, {
      dict: `<< /Type /XRef /Size ${entries.length} /W [1 4 2] /Root 1 0 R /Length ${xdata.length} /Filter /FlateDecode${encrypt} >>`,
      data: xdata,
    }),
  );
  chunks.push(Buffer.from(`startxref\n${offset}\n%%EOF\n`, "latin1"));
  return Buffer.concat(chunks);
}
