/**
 * @module service/pdf/text
 * Text extraction from page content streams: BT/ET, Tf, Td/TD/Tm/T*, TL, cm, q/Q and the
 * show operators Tj, TJ, ' and ". Strings are decoded through the font's /ToUnicode CMap
 * when there is one (bfchar/bfrange), else as single-byte Latin-1 (WinAnsi-like).
 */
import { isTooLarge } from "./budget";
import type { PdfDocument } from "./document";
import { Lexer, PdfName, PdfOp, PdfString, numberOf, type PdfDict, type PdfValue } from "./objects";

/** One shown string with the position of its start in default user space. */
export interface TextItem {
  text: string;
  x: number;
  y: number;
  size: number;
}

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const mul = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];

interface FontDecoder {
  codeBytes: number;
  map: Map<number, string> | undefined;
}

function hexToString(hex: string): string {
  const bytes = Buffer.from(hex.length % 2 ? hex + "0" : hex, "hex");
  let s = "";
  for (let i = 0; i + 1 < bytes.length; i += 2) s += String.fromCharCode((bytes[i]! << 8) | bytes[i + 1]!);
  return s;
}

/** Range codes one CMap may expand: two full 16-bit planes; a hostile CMap repeats 0000-FFFF. */
const MAX_RANGE_CODES = 2 * 65536;

/** Parses the bfchar/bfrange sections of a ToUnicode CMap. */
export function parseToUnicode(cmap: string): { map: Map<number, string>; codeBytes: number } {
  const map = new Map<number, string>();
  let rangeCodes = 0;
  let codeBytes = 1;
  const csr = /begincodespacerange\s*<([0-9a-fA-F]+)>/.exec(cmap);
  if (csr) codeBytes = Math.max(1, Math.ceil(csr[1]!.length / 2));
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]*)>/g)) map.set(parseInt(m[1]!, 16), hexToString(m[2]!));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(<[0-9a-fA-F]*>|\[[^\]]*\])/g)) {
      const lo = parseInt(m[1]!, 16);
      const hi = Math.min(parseInt(m[2]!, 16), lo + 65535, lo + MAX_RANGE_CODES - rangeCodes - 1);
      rangeCodes += Math.max(0, hi - lo + 1);
      const dst = m[3]!;
      if (dst.startsWith("[")) {
        const items = [...dst.matchAll(/<([0-9a-fA-F]*)>/g)].map((x) => hexToString(x[1]!));
        items.forEach((s, i) => lo + i <= hi && map.set(lo + i, s));
      } else {
        const base = hexToString(dst.slice(1, -1));
        const lastCode = base.charCodeAt(base.length - 1);
        for (let c = lo; c <= hi; c++) map.set(c, base.slice(0, -1) + String.fromCharCode(lastCode + (c - lo)));
      }
      if (rangeCodes >= MAX_RANGE_CODES) return { map, codeBytes };
    }
  }
  return { map, codeBytes };
}

function fontDecoder(doc: PdfDocument, font: PdfDict | undefined): FontDecoder {
  const subtype = font?.get("Subtype");
  const composite = subtype instanceof PdfName && subtype.name === "Type0";
  let map: Map<number, string> | undefined;
  let codeBytes = composite ? 2 : 1;
  try {
    const data = doc.streamData(font?.get("ToUnicode"));
    if (data) {
      doc.budget.chargeBytes(data.length, "a ToUnicode CMap"); // parsed again for every page that uses it
      const parsed = parseToUnicode(data.toString("latin1"));
      map = parsed.map;
      if (composite) codeBytes = parsed.codeBytes;
    }
  } catch (e) {
    if (isTooLarge(e)) throw e;
    map = undefined; // undecodable CMap: fall back to raw codes
  }
  return { codeBytes, map };
}

function decodeString(s: PdfString, f: FontDecoder): string {
  const b = s.bytes;
  let out = "";
  for (let i = 0; i + f.codeBytes <= b.length; i += f.codeBytes) {
    const code = f.codeBytes === 2 ? (b[i]! << 8) | b[i + 1]! : b[i]!;
    const mapped = f.map?.get(code);
    out += mapped ?? (f.codeBytes === 1 ? String.fromCharCode(code) : "");
  }
  return out;
}

/** Operands kept before an operator: none takes more than six (TJ takes one array). */
const MAX_OPERANDS = 32;
/** Graphics states saved by `q` at once (PDF's implementation limit is 28). */
const MAX_SAVE_DEPTH = 256;

/** Extracts positioned text items from one page's content. */
export function extractText(doc: PdfDocument, content: Buffer, resources: PdfDict | undefined): TextItem[] {
  const fonts = doc.dict(resources?.get("Font"));
  const decoders = new Map<string, FontDecoder>();
  const items: TextItem[] = [];
  const lx = new Lexer(content, 0, doc.budget);
  const stack: Matrix[] = [];
  let ctm: Matrix = IDENTITY;
  let tm: Matrix = IDENTITY;
  let tlm: Matrix = IDENTITY;
  let leading = 0;
  let size = 0;
  let font: FontDecoder = { codeBytes: 1, map: undefined };
  let operands: PdfValue[] = [];
  const num = (i: number): number => numberOf(operands[operands.length - i]) ?? 0;
  const nextLine = (tx: number, ty: number): void => {
    tlm = mul([1, 0, 0, 1, tx, ty], tlm);
    tm = tlm;
  };
  const show = (text: string): void => {
    if (!text) return;
    const m = mul(tm, ctm);
    const scale = Math.hypot(m[2], m[3]) || 1;
    items.push({ text, x: round(m[4]), y: round(m[5]), size: round(size * scale) });
    // Advance approximately (no glyph widths): half the font size per character.
    tm = mul([1, 0, 0, 1, text.length * size * 0.5, 0], tm);
  };
  while (!lx.atEnd()) {
    let v: PdfValue | PdfOp;
    try {
      v = lx.parseValue(true);
    } catch (e) {
      if (isTooLarge(e)) throw e;
      continue; // skip unparsable bytes (inline images, junk) and resync
    }
    if (!(v instanceof PdfOp)) {
      if (operands.length >= MAX_OPERANDS) operands.shift(); // junk without an operator must not pile up
      operands.push(v);
      continue;
    }
    switch (v.op) {
      case "BI": {
        // inline image: skip to EI
        const end = content.indexOf("EI", lx.pos, "latin1");
        lx.pos = end < 0 ? content.length : end + 2;
        break;
      }
      case "q":
        if (stack.length < MAX_SAVE_DEPTH) stack.push(ctm);
        break;
      case "Q":
        ctm = stack.pop() ?? IDENTITY;
        break;
      case "cm":
        ctm = mul([num(6), num(5), num(4), num(3), num(2), num(1)], ctm);
        break;
      case "BT":
        tm = tlm = IDENTITY;
        break;
      case "Tf": {
        const name = operands[operands.length - 2];
        size = num(1);
        if (name instanceof PdfName) {
          if (!decoders.has(name.name)) decoders.set(name.name, fontDecoder(doc, doc.dict(fonts?.get(name.name))));
          font = decoders.get(name.name)!;
        }
        break;
      }
      case "TL":
        leading = num(1);
        break;
      case "Td":
        nextLine(num(2), num(1));
        break;
      case "TD":
        leading = -num(1);
        nextLine(num(2), num(1));
        break;
      case "Tm":
        tlm = tm = [num(6), num(5), num(4), num(3), num(2), num(1)];
        break;
      case "T*":
        nextLine(0, -leading);
        break;
      case "Tj": {
        const s = operands[operands.length - 1];
        if (s instanceof PdfString) show(decodeString(s, font));
        break;
      }
      case "'":
      case '"': {
        nextLine(0, -leading);
        const s = operands[operands.length - 1];
        if (s instanceof PdfString) show(decodeString(s, font));
        break;
      }
      case "TJ": {
        const arr = operands[operands.length - 1];
        if (Array.isArray(arr)) {
          let text = "";
          for (const part of arr) {
            if (part instanceof PdfString) text += decodeString(part, font);
            else if (typeof part === "number" && part < -200) text += " "; // a wide kern is a word gap
          }
          show(text);
        }
        break;
      }
      default:
        break;
    }
    operands = [];
  }
  return items;
}

const round = (n: number): number => Math.round(n * 100) / 100;

/** Joins items into reading text: a new line whenever the baseline changes. */
export function joinItems(items: TextItem[]): string {
  let out = "";
  let lastY: number | undefined;
  for (const it of items) {
    if (lastY !== undefined) out += Math.abs(it.y - lastY) > 1 ? "\n" : out.endsWith(" ") || it.text.startsWith(" ") ? "" : " ";
    out += it.text;
    lastY = it.y;
  }
  return out;
}
