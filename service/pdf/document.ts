/**
 * @module service/pdf/document
 * Opens a PDF: locates objects through classic xref tables, xref streams and object
 * streams (following /Prev), and falls back to scanning for "n g obj" when the xref is
 * missing or broken, which is common in hand-made and damaged files.
 */
import { PdfError } from "./errors";
import { decodeStream } from "./filters";
import { isDict, Lexer, numberOf, PdfRef, PdfStream, type PdfDict, type PdfValue } from "./objects";

type XrefEntry = { kind: "offset"; offset: number } | { kind: "compressed"; stream: number; index: number };

export class PdfDocument {
  readonly xref = new Map<number, XrefEntry>();
  trailer: PdfDict = new Map();
  private readonly cache = new Map<number, PdfValue>();
  private readonly resolving = new Set<number>();

  constructor(readonly buf: Buffer) {
    const head = buf.subarray(0, 1024).toString("latin1");
    if (!head.includes("%PDF-")) throw new PdfError("not_pdf", "file is not a PDF (no %PDF- header)");
    try {
      this.readXrefChain();
    } catch {
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

  /** Decoded data of a stream value (resolving references). */
  streamData(v: PdfValue | undefined): Buffer | undefined {
    const r = this.get(v);
    if (!(r instanceof PdfStream)) return undefined;
    return decodeStream(r.dict, r.raw);
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
    } catch {
      value = null; // one broken object must not break the whole document
    } finally {
      this.resolving.delete(num);
    }
    this.cache.set(num, value);
    return value;
  }

  private parseIndirectAt(offset: number): { num: number; value: PdfValue } {
    const lx = new Lexer(this.buf, offset);
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
        const end = this.buf.indexOf("endstream", start, "latin1");
        if (end < 0) throw new PdfError("malformed", "unterminated stream");
        len = end - start;
        while (len > 0 && (this.buf[start + len - 1] === 10 || this.buf[start + len - 1] === 13)) len--;
      }
      return { num, value: new PdfStream(value, this.buf.subarray(start, start + len!)) };
    }
    return { num, value };
  }

  private fromObjectStream(streamNum: number, index: number): PdfValue {
    const stream = this.object(streamNum);
    if (!(stream instanceof PdfStream)) return null;
    const data = decodeStream(stream.dict, stream.raw);
    const n = numberOf(stream.dict.get("N")) ?? 0;
    const first = numberOf(stream.dict.get("First")) ?? 0;
    const lx = new Lexer(data);
    const offsets: number[] = [];
    for (let i = 0; i < n; i++) {
      lx.parseObject(); // object number
      offsets.push(Number(lx.parseObject()));
    }
    const off = offsets[index];
    if (off === undefined) return null;
    return new Lexer(data, first + off).parseObject();
  }

  private readXrefChain(): void {
    const tail = this.buf.subarray(Math.max(0, this.buf.length - 2048)).toString("latin1");
    const m = /startxref\s+(\d+)/g;
    let last: RegExpExecArray | null = null;
    for (let r = m.exec(tail); r; r = m.exec(tail)) last = r;
    if (!last) throw new PdfError("malformed", "startxref not found");
    const seen = new Set<number>();
    let offset: number | undefined = Number(last[1]);
    while (offset !== undefined && !seen.has(offset) && offset < this.buf.length) {
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
    const lx = new Lexer(this.buf, offset);
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
    const data = decodeStream(dict, value.raw);
    const w = (dict.get("W") as PdfValue[] | undefined)?.map((x) => numberOf(x) ?? 0) ?? [];
    if (w.length !== 3) throw new PdfError("malformed", "bad /W in xref stream");
    const size = numberOf(dict.get("Size")) ?? 0;
    const idx = Array.isArray(dict.get("Index")) ? (dict.get("Index") as PdfValue[]).map((x) => numberOf(x) ?? 0) : [0, size];
    const rowLen = w[0]! + w[1]! + w[2]!;
    const field = (pos: number, len: number, dflt: number): number => {
      if (len === 0) return dflt;
      let v = 0;
      for (let i = 0; i < len; i++) v = v * 256 + (data[pos + i] ?? 0);
      return v;
    };
    let pos = 0;
    for (let s = 0; s + 1 < idx.length; s += 2) {
      for (let i = 0; i < idx[s + 1]! && pos + rowLen <= data.length; i++, pos += rowLen) {
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
    const text = this.buf.toString("latin1");
    const re = /(?:^|[\s>])(\d+)\s+(\d+)\s+obj\b/g;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const offset = m.index + m[0].indexOf(m[1]!);
      this.xref.set(Number(m[1]), { kind: "offset", offset });
    }
    // Objects inside object streams
    for (const [num] of [...this.xref]) {
      const v = this.object(num);
      if (v instanceof PdfStream && v.dict.get("Type") instanceof Object && (v.dict.get("Type") as { name?: string }).name === "ObjStm") {
        try {
          const data = decodeStream(v.dict, v.raw);
          const lx = new Lexer(data);
          const n = numberOf(v.dict.get("N")) ?? 0;
          for (let i = 0; i < n; i++) {
            const objNum = Number(lx.parseObject());
            lx.parseObject();
            if (!this.xref.has(objNum)) this.xref.set(objNum, { kind: "compressed", stream: num, index: i });
          }
        } catch {
          /* skip broken object stream */
        }
      }
    }
    const trailerAt = text.lastIndexOf("trailer");
    let trailer: PdfDict | undefined;
    if (trailerAt >= 0) {
      try {
        const t = new Lexer(this.buf, trailerAt + 7).parseObject();
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
