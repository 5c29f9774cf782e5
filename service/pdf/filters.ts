/**
 * @module service/pdf/filters
 * Stream decoding: FlateDecode (with PNG/TIFF predictors, used by xref streams),
 * ASCIIHexDecode and ASCII85Decode. Anything else is reported as "unsupported".
 */
import * as zlib from "node:zlib";
import { tooLarge, type DocumentBudget } from "./budget";
import { PdfError } from "./errors";
import { isDict, nameOf, numberOf, type PdfDict, type PdfValue } from "./objects";

/** Node's zlib throws this when an inflate would pass maxOutputLength. */
const tooBig = (e: unknown): boolean => (e as { code?: string } | null)?.code === "ERR_BUFFER_TOO_LARGE";

/** Inflates at most what the document budget has left: a flate bomb stops at the limit. */
function inflate(data: Buffer, budget: DocumentBudget): Buffer {
  const left = budget.bytesLeft;
  if (left === 0) throw tooLarge("a FlateDecode stream past the budget");
  const opts = { maxOutputLength: left };
  const attempts = [
    () => zlib.inflateSync(data, opts),
    // Real-world files often have truncated or raw deflate data: salvage what decodes.
    () => zlib.inflateSync(data, { ...opts, finishFlush: zlib.constants.Z_SYNC_FLUSH }),
    () => zlib.inflateRawSync(data, opts),
  ];
  for (const attempt of attempts) {
    try {
      return attempt();
    } catch (e) {
      if (tooBig(e)) throw tooLarge("a FlateDecode stream");
    }
  }
  throw new PdfError("malformed", "FlateDecode stream could not be inflated");
}

function unpredict(data: Buffer, parms: PdfDict | undefined): Buffer {
  const predictor = numberOf(parms?.get("Predictor")) ?? 1;
  if (predictor < 10) {
    if (predictor === 1) return data;
    throw new PdfError("unsupported", `TIFF predictor ${predictor} not supported`);
  }
  const colors = numberOf(parms?.get("Colors")) ?? 1;
  const bpc = numberOf(parms?.get("BitsPerComponent")) ?? 8;
  const columns = numberOf(parms?.get("Columns")) ?? 1;
  const bpp = Math.max(1, Math.ceil((colors * bpc) / 8));
  // A hostile /Columns must not allocate more than the data holds.
  const rowLen = Math.max(0, Math.min(Math.ceil((colors * bpc * columns) / 8), data.length));
  const out: Buffer[] = [];
  let prev = Buffer.alloc(rowLen);
  for (let pos = 0; pos + 1 <= data.length; pos += rowLen + 1) {
    const type = data[pos]!;
    const row = Buffer.from(data.subarray(pos + 1, pos + 1 + rowLen));
    for (let i = 0; i < row.length; i++) {
      const left = i >= bpp ? row[i - bpp]! : 0;
      const up = prev[i] ?? 0;
      const upLeft = i >= bpp ? (prev[i - bpp] ?? 0) : 0;
      let add = 0;
      if (type === 1) add = left;
      else if (type === 2) add = up;
      else if (type === 3) add = (left + up) >> 1;
      else if (type === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left),
          pb = Math.abs(p - up),
          pc = Math.abs(p - upLeft);
        add = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      row[i] = (row[i]! + add) & 0xff;
    }
    out.push(row);
    prev = row;
  }
  return Buffer.concat(out);
}

function asciiHex(data: Buffer): Buffer {
  let s = data.toString("latin1");
  const end = s.indexOf(">");
  if (end >= 0) s = s.slice(0, end);
  s = s.replace(/[^0-9a-fA-F]/g, "");
  if (s.length % 2) s += "0";
  return Buffer.from(s, "hex");
}

function ascii85(data: Buffer): Buffer {
  let s = data.toString("latin1").replace(/\s+/g, "");
  if (s.startsWith("<~")) s = s.slice(2);
  const end = s.indexOf("~>");
  if (end >= 0) s = s.slice(0, end);
  const out: number[] = [];
  let group: number[] = [];
  const flush = (n: number): void => {
    while (group.length < 5) group.push(84);
    let v = 0;
    for (const d of group) v = v * 85 + d;
    const bytes = [(v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff];
    out.push(...bytes.slice(0, n));
    group = [];
  };
  for (const ch of s) {
    if (ch === "z" && group.length === 0) {
      out.push(0, 0, 0, 0);
      continue;
    }
    const d = ch.charCodeAt(0) - 33;
    if (d < 0 || d > 84) throw new PdfError("malformed", "bad ASCII85 data");
    group.push(d);
    if (group.length === 5) flush(4);
  }
  if (group.length) flush(group.length - 1);
  return Buffer.from(out);
}

/** Decodes `raw` through the /Filter chain of `dict`, charging each step's output to `budget`. */
export function decodeStream(dict: PdfDict, raw: Buffer, budget: DocumentBudget): Buffer {
  const filter: PdfValue = dict.get("Filter") ?? null;
  const parms: PdfValue = dict.get("DecodeParms") ?? null;
  const filters = Array.isArray(filter) ? filter : filter === null ? [] : [filter];
  const parmList = Array.isArray(parms) ? parms : [parms];
  let data = raw;
  filters.forEach((f, i) => {
    const name = nameOf(f);
    const p = parmList[i];
    const pd = isDict(p) ? p : undefined;
    switch (name) {
      case "FlateDecode":
      case "Fl":
        data = unpredict(inflate(data, budget), pd);
        break;
      case "ASCIIHexDecode":
      case "AHx":
        data = asciiHex(data);
        break;
      case "ASCII85Decode":
      case "A85":
        data = ascii85(data);
        break;
      default:
        throw new PdfError("unsupported", `stream filter ${name ?? "?"} not supported`);
    }
    budget.chargeBytes(data.length, `stream filter ${name ?? "?"}`);
  });
  return data;
}
