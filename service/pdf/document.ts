/**
 * @module service/pdf/document
 * Opens a PDF: locates objects through classic xref tables, xref streams and object
 * streams (following /Prev), and falls back to scanning for "n g obj" when the xref is
 * missing or broken, which is common in hand-made and damaged files.
 *
 * Hostile files are bounded: every decoded stream is cached (a stream shared by many pages
 * or objects is inflated once) and charged to the document's budget (budget.ts), the xref
 * chain follows at most MAX_XREF_SECTIONS sections, an xref stream whose rows do not advance
 * is malformed, and finding a stream's end is one sorted lookup, not a scan per object.
 */
import { DocumentBudget, isTooLarge, tooLarge } from "./budget";
import { PdfError } from "./errors";
import { decodeStream } from "./filters";
import { isDict, Lexer, numberOf, PdfRef, PdfStream, type PdfDict, type PdfValue } from "./objects";

type XrefEntry = { kind: "offset"; offset: number } | { kind: "compressed"; stream: number; index: number };

/** Sections of the /Prev chain read at most; real files have a handful (one per incremental save). */
const MAX_XREF_SECTIONS = 1000;

interface ObjectStream {
  data: Buffer;
  first: number;
  offsets: number[];
}

export class PdfDocument {
  readonly xref = new Map<number, XrefEntry>();
  trailer: PdfDict = new Map();
  private readonly cache = new Map<number, PdfValue>();
  private readonly resolving = new Set<number>();
  private readonly decoded = new Map<PdfStream, Buffer>();
  private readonly objectStreams = new Map<number, ObjectStream | null>();
  private endstreams: number[] | undefined;

  constructor(
    readonly buf: Buffer,
    readonly budget = new DocumentBudget(),
  ) {
    const head = buf.subarray(0, 1024).toString("latin1");
    if (!head.includes("%PDF-")) throw new PdfError("not_pdf", "file is not a PDF (no %PDF- header)");
    try {
      this.readXrefChain();
    } catch (e) {
      if (isTooLarge(e)) throw e;
      this.xref.clear();
      this.trailer = new Map();
    }
    if (!this.trailer.get("Root") || this.xref.size === 0) this.rebuildByScanning();
    if (!isDict(this.get(this.trailer.get("Root") ?? null))) {
      this.rebuildByScanning();
      if (!isDict(this.get(this.trailer.get("Root") ?? null))) throw new PdfError("malformed", "document catalog not found");
    }
  }

  get encrypted(): boolean {
    return this.trailer.has("Encrypt");
  }

  /** Resolves a reference (or returns a direct value as is); missing objects are null. */
  get(v: PdfValue | undefined): PdfValue {
    if (v === undefined) return null;
    if (!(v instanceof PdfRef)) return v;
    return this.object(v.num);
  }

  /** Resolves and returns a dictionary (a stream's dictionary counts), else undefined. */
  dict(v: PdfValue | undefined): PdfDict | undefined {
    const r = this.get(v);
    if (isDict(r)) return r;
    if (r instanceof PdfStream) return r.dict;
    return undefined;
  }

  /** Decoded data of a stream value (resolving references); decoded once per document. */
  streamData(v: PdfValue | undefined): Buffer | undefined {
    const r = this.get(v);
    if (!(r instanceof PdfStream)) return undefined;
    return this.decode(r);
  }

  private decode(stream: PdfStream): Buffer {
    const known = this.decoded.get(stream);
    if (known) return known;
    const data = decodeStream(stream.dict, stream.raw, this.budget);
    this.decoded.set(stream, data);
    return data;
  }

  object(num: number): PdfValue {
    if (this.cache.has(num)) return this.cache.get(num)!;
    if (this.resolving.has(num)) return null; // reference cycle (e.g. /Length pointing back)
    const entry = this.xref.get(num);
    if (!entry) return null;
    this.resolving.add(num);
    let value: PdfValue = null;
    try {
      value = entry.kind === "offset" ? this.parseIndirectAt(entry.offset).value : this.fromObjectStream(entry.stream, entry.index);
    } catch (e) {
      if (isTooLarge(e)) throw e;
      value = null; // one broken object must not break the whole document
    } finally {
      this.resolving.delete(num);
    }
    this.cache.set(num, value);
    return value;
  }

  private parseIndirectAt(offset: number): { num: number; value: PdfValue } {
    const lx = new Lexer(this.buf, offset, this.budget);
    lx.skipWhitespace();
    const num = Number(lx.readWord());
    lx.skipWhitespace();
    lx.readWord();
    lx.skipWhitespace();
    if (lx.readWord() !== "obj" || !Number.isInteger(num)) throw new PdfError("malformed", `no object at offset ${offset}`);
    const value = lx.parseObject();
    lx.skipWhitespace();
    if (isDict(value) && this.buf.toString("latin1", lx.pos, lx.pos + 6) === "stream") {
      let start = lx.pos + 6;
      if (this.buf[start] === 13) start++;
      if (this.buf[start] === 10) start++;
      let len = numberOf(this.get(value.get("Length") ?? null));
      const endByLength = len !== undefined ? start + len : -1;
      const looksRight = len !== undefined && endByLength <= this.buf.length && this.buf.toString("latin1", endByLength, endByLength + 20).includes("endstream");
      if (!looksRight) {
        const end = this.endstreamFrom(start);
        if (end < 0) throw new PdfError("malformed", "unterminated stream");
        len = end - start;
        while (len > 0 && (this.buf[start + len - 1] === 10 || this.buf[start + len - 1] === 13)) len--;
      }
      return { num, value: new PdfStream(value, this.buf.subarray(start, start + len!)) };
    }
    return { num, value };
  }

  /** First "endstream" at or after `start`, or -1: one scan of the file, then a binary search. */
  private endstreamFrom(start: number): number {
    if (!this.endstreams) {
      this.endstreams = [];
      for (let at = this.buf.indexOf("endstream", 0, "latin1"); at >= 0; at = this.buf.indexOf("endstream", at + 9, "latin1")) this.endstreams.push(at);
    }
    const all = this.endstreams;
    let lo = 0;
    let hi = all.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (all[mid]! < start) lo = mid + 1;
      else hi = mid;
    }
    return lo < all.length ? all[lo]! : -1;
  }

  private fromObjectStream(streamNum: number, index: number): PdfValue {
    const objStm = this.objectStream(streamNum);
    const off = objStm?.offsets[index];
    if (!objStm || off === undefined) return null;
    return new Lexer(objStm.data, objStm.first + off, this.budget).parseObject();
  }

  /** An object stream's data and offsets, read once however many objects it holds. */
  private objectStream(streamNum: number): ObjectStream | null {
    if (this.objectStreams.has(streamNum)) return this.objectStreams.get(streamNum)!;
    this.objectStreams.set(streamNum, null); // a stream inside itself reads as missing
    const stream = this.object(streamNum);
    if (!(stream instanceof PdfStream)) return null;
    const data = this.decode(stream);
    const n = numberOf(stream.dict.get("N")) ?? 0;
    const lx = new Lexer(data, 0, this.budget);
    const offsets: number[] = [];
    try {
      for (let i = 0; i < n && !lx.atEnd(); i++) {
        lx.parseObject(); // object number
        offsets.push(Number(lx.parseObject()));
      }
    } catch {
      /* a damaged header: the offsets read so far still serve */
    }
    const read = { data, first: numberOf(stream.dict.get("First")) ?? 0, offsets };
    this.objectStreams.set(streamNum, read);
    return read;
  }

  private readXrefChain(): void {
    const tail = this.buf.subarray(Math.max(0, this.buf.length - 2048)).toString("latin1");
    const m = /startxref\s+(\d+)/g;
    let last: RegExpExecArray | null = null;
    for (let r = m.exec(tail); r; r = m.exec(tail)) last = r;
    if (!last) throw new PdfError("malformed", "startxref not found");
    const seen = new Set<number>();
    let offset: number | undefined = Number(last[1]);
    while (offset !== undefined && offset < this.buf.length) {
      // A /Prev that leads back to a section already read would never end: refused, as is a longer chain than any real file's.
      if (seen.has(offset)) throw tooLarge(`the xref /Prev chain leads back to offset ${offset}`);
      if (seen.size >= MAX_XREF_SECTIONS) throw tooLarge(`more than ${MAX_XREF_SECTIONS} xref sections`);
      seen.add(offset);
      const trailer = this.readXrefSection(offset);
      // Earlier sections never override later ones; the first trailer wins.
      if (this.trailer.size === 0) this.trailer = trailer;
      const stm = numberOf(trailer.get("XRefStm"));
      if (stm !== undefined && !seen.has(stm)) {
        seen.add(stm);
        this.readXrefSection(stm);
      }
      offset = numberOf(trailer.get("Prev"));
    }
  }

  private setEntry(num: number, e: XrefEntry): void {
    if (!this.xref.has(num)) this.xref.set(num, e);
  }

  private readXrefSection(offset: number): PdfDict {
    const lx = new Lexer(this.buf, offset, this.budget);
    lx.skipWhitespace();
    if (lx.peekWord() === "xref") {
      lx.readWord();
      for (;;) {
        lx.skipWhitespace();
        const w = lx.peekWord();
        if (w === "trailer") {
          lx.readWord();
          const t = lx.parseObject();
          if (!isDict(t)) throw new PdfError("malformed", "bad trailer");
          return t;
        }
        const startWord = lx.readWord();
        lx.skipWhitespace();
        const countWord = lx.readWord();
        // Guards against looping forever on junk: both must be digit runs.
        if (!/^\d+$/.test(startWord) || !/^\d+$/.test(countWord)) throw new PdfError("malformed", "bad xref subsection");
        const start = Number(startWord);
        const count = Math.min(Number(countWord), this.buf.length);
        for (let i = 0; i < count; i++) {
          this.budget.visit("xref table rows");
          lx.skipWhitespace();
          const off = Number(lx.readWord());
          lx.skipWhitespace();
          lx.readWord();
          lx.skipWhitespace();
          const type = lx.readWord();
          if (type === "n" && off > 0) this.setEntry(start + i, { kind: "offset", offset: off });
          else if (type === "f" && !this.xref.has(start + i)) this.xref.set(start + i, { kind: "offset", offset: -1 });
        }
      }
    }
    // xref stream
    const { value } = this.parseIndirectAt(offset);
    if (!(value instanceof PdfStream)) throw new PdfError("malformed", "xref stream expected");
    const dict = value.dict;
    const data = this.decode(value);
    const wValue = dict.get("W");
    const w = Array.isArray(wValue) ? wValue.map((x) => numberOf(x) ?? 0) : [];
    if (w.length !== 3 || w.some((n) => n < 0 || n > 8)) throw new PdfError("malformed", "bad /W in xref stream");
    const size = numberOf(dict.get("Size")) ?? 0;
    const idx = Array.isArray(dict.get("Index")) ? (dict.get("Index") as PdfValue[]).map((x) => numberOf(x) ?? 0) : [0, size];
    const rowLen = w[0]! + w[1]! + w[2]!;
    // Rows of no bytes never advance through the data: /Index [0 2000000000] would then add
    // two billion entries from a 300-byte file.
    if (rowLen === 0) throw tooLarge("an xref stream whose rows are zero bytes wide (/W [0 0 0]) never advances");
    const field = (pos: number, len: number, dflt: number): number => {
      if (len === 0) return dflt;
      let v = 0;
      for (let i = 0; i < len; i++) v = v * 256 + (data[pos + i] ?? 0);
      return v;
    };
    let pos = 0;
    for (let s = 0; s + 1 < idx.length; s += 2) {
      for (let i = 0; i < idx[s + 1]! && pos + rowLen <= data.length; i++, pos += rowLen) {
        this.budget.visit("xref stream rows");
        const type = field(pos, w[0]!, 1);
        const a = field(pos + w[0]!, w[1]!, 0);
        const b = field(pos + w[0]! + w[1]!, w[2]!, 0);
        const num = idx[s]! + i;
        if (type === 1) this.setEntry(num, { kind: "offset", offset: a });
        else if (type === 2) this.setEntry(num, { kind: "compressed", stream: a, index: b });
      }
    }
    return dict;
  }

  /** Recovery: index every "n g obj" in the file; later definitions win (incremental updates). */
  private rebuildByScanning(): void {
    this.xref.clear();
    this.cache.clear();
    this.objectStreams.clear();
    const text = this.buf.toString("latin1");
    const re = /(?:^|[\s>])(\d+)\s+(\d+)\s+obj\b/g;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      this.budget.visit("objects found by scanning");
      const offset = m.index + m[0].indexOf(m[1]!);
      this.xref.set(Number(m[1]), { kind: "offset", offset });
    }
    // Objects inside object streams
    for (const [num] of [...this.xref]) {
      const v = this.object(num);
      if (v instanceof PdfStream && v.dict.get("Type") instanceof Object && (v.dict.get("Type") as { name?: string }).name === "ObjStm") {
        try {
          const data = this.decode(v);
          const lx = new Lexer(data, 0, this.budget);
          const n = numberOf(v.dict.get("N")) ?? 0;
          for (let i = 0; i < n && !lx.atEnd(); i++) {
            const objNum = Number(lx.parseObject());
            lx.parseObject();
            if (!this.xref.has(objNum)) this.xref.set(objNum, { kind: "compressed", stream: num, index: i });
          }
        } catch (e) {
          if (isTooLarge(e)) throw e;
          /* skip broken object stream */
        }
      }
    }
    const trailerAt = text.lastIndexOf("trailer");
    let trailer: PdfDict | undefined;
    if (trailerAt >= 0) {
      try {
        const t = new Lexer(this.buf, trailerAt + 7, this.budget).parseObject();
        if (isDict(t)) trailer = t;
      } catch {
        /* ignore */
      }
    }
    this.trailer = trailer ?? new Map();
    if (!isDict(this.get(this.trailer.get("Root") ?? null))) {
      for (const [num] of this.xref) {
        const v = this.dict(new PdfRef(num, 0));
        const type = v?.get("Type");
        if (v && type && (type as { name?: string }).name === "Catalog") {
          this.trailer.set("Root", new PdfRef(num, 0));
          break;
        }
        if (v && (type as { name?: string } | undefined)?.name === "XRef" && v.get("Root")) {
          for (const [k, val] of v) if (!this.trailer.has(k)) this.trailer.set(k, val);
        }
      }
    }
  }
}
