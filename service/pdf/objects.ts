/**
 * @module service/pdf/objects
 * PDF object model and a tokenizer/parser over a Buffer. Used both for the file structure
 * (indirect objects, xref) and for content streams (operands + operators).
 */
import { tooLarge, type DocumentBudget } from "./budget";
import { PdfError } from "./errors";

export class PdfName {
  constructor(readonly name: string) {}
}
export class PdfRef {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
}
export class PdfString {
  constructor(
    readonly bytes: Buffer,
    readonly hex: boolean,
  ) {}
}
/** An operator keyword inside a content stream (Tj, BT, ...); never appears in file objects. */
export class PdfOp {
  constructor(readonly op: string) {}
}
export type PdfDict = Map<string, PdfValue>;
export class PdfStream {
  constructor(
    readonly dict: PdfDict,
    readonly raw: Buffer,
  ) {}
}
export type PdfValue = null | boolean | number | PdfName | PdfString | PdfRef | PdfStream | PdfDict | PdfValue[];

export const isDict = (v: unknown): v is PdfDict => v instanceof Map;
export const nameOf = (v: unknown): string | undefined => (v instanceof PdfName ? v.name : undefined);
export const numberOf = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

/** Byte classes as a table (1 whitespace, 2 delimiter): the lexer's inner loops run per byte of every stream. */
const CLASS = new Uint8Array(256);
for (const c of [0, 9, 10, 12, 13, 32]) CLASS[c] = 1;
for (const c of Buffer.from("()<>[]{}/%")) CLASS[c] = 2;
const isWhitespace = (c: number): boolean => CLASS[c] === 1;
const isRegular = (c: number): boolean => CLASS[c] === 0;

/** Recursion cap: defends against hostile nesting like [[[[[[... */
const MAX_DEPTH = 200;

export class Lexer {
  pos: number;
  /** Every value read is one token of `budget` (file structure and content streams alike). */
  constructor(
    readonly buf: Buffer,
    pos = 0,
    private readonly budget?: DocumentBudget,
  ) {
    this.pos = pos;
  }

  skipWhitespace(): void {
    const b = this.buf;
    while (this.pos < b.length) {
      const c = b[this.pos]!;
      if (isWhitespace(c)) this.pos++;
      else if (c === 0x25 /* % */) {
        while (this.pos < b.length && b[this.pos] !== 10 && b[this.pos] !== 13) this.pos++;
      } else break;
    }
  }

  /** Reads a bare word (keyword or number) at the current position. */
  readWord(): string {
    const start = this.pos;
    while (this.pos < this.buf.length && isRegular(this.buf[this.pos]!)) this.pos++;
    return this.buf.toString("latin1", start, this.pos);
  }

  peekWord(): string {
    const save = this.pos;
    this.skipWhitespace();
    const w = this.readWord();
    this.pos = save;
    return w;
  }

  atEnd(): boolean {
    this.skipWhitespace();
    return this.pos >= this.buf.length;
  }

  /**
   * Parses one value. In content streams (`ops` true) bare words that are not numbers or
   * true/false/null come back as PdfOp; in file structure they are an error.
   */
  parseValue(ops = false, depth = 0): PdfValue | PdfOp {
    if (depth > MAX_DEPTH) throw tooLarge(`objects nested more than ${MAX_DEPTH} deep`);
    this.budget?.token();
    this.skipWhitespace();
    const b = this.buf;
    if (this.pos >= b.length) throw new PdfError("malformed", "unexpected end of data");
    const c = b[this.pos]!;
    if (c === 0x2f /* / */) return this.readName();
    if (c === 0x28 /* ( */) return this.readLiteralString();
    if (c === 0x3c /* < */) {
      if (b[this.pos + 1] === 0x3c) return this.readDict(ops, depth);
      return this.readHexString();
    }
    if (c === 0x5b /* [ */) {
      this.pos++;
      const arr: PdfValue[] = [];
      for (;;) {
        this.skipWhitespace();
        if (this.pos >= b.length) throw new PdfError("malformed", "unterminated array");
        if (b[this.pos] === 0x5d) {
          this.pos++;
          return arr;
        }
        const v = this.parseValue(ops, depth + 1);
        if (v instanceof PdfOp) {
          if (ops) continue; // tolerate junk inside arrays in content streams
          throw new PdfError("malformed", `unexpected keyword ${v.op} in array`);
        }
        arr.push(v);
      }
    }
    if (c === 0x7b || c === 0x7d || c === 0x5d || c === 0x3e || c === 0x29) {
      // stray delimiter: consume so callers always make progress
      this.pos++;
      if (ops) return new PdfOp(String.fromCharCode(c));
      throw new PdfError("malformed", `unexpected '${String.fromCharCode(c)}'`);
    }
    const word = this.readWord();
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) {
      const n = Number(word);
      // "num gen R" reference (file structure only)
      if (!ops && /^\d+$/.test(word)) {
        const save = this.pos;
        this.skipWhitespace();
        const gen = this.readWord();
        if (/^\d+$/.test(gen)) {
          this.skipWhitespace();
          if (this.readWord() === "R") return new PdfRef(n, Number(gen));
        }
        this.pos = save;
      }
      return n;
    }
    if (word === "true") return true;
    if (word === "false") return false;
    if (word === "null") return null;
    if (word === "") {
      this.pos++;
      throw new PdfError("malformed", "unexpected byte");
    }
    if (ops) return new PdfOp(word);
    throw new PdfError("malformed", `unexpected keyword '${word}'`);
  }

  /** Parses a value that must not be an operator. */
  parseObject(): PdfValue {
    const v = this.parseValue(false);
    if (v instanceof PdfOp) throw new PdfError("malformed", `unexpected keyword '${v.op}'`);
    return v;
  }

  private readName(): PdfName {
    this.pos++;
    const raw = this.readWord();
    return new PdfName(raw.replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))));
  }

  private readDict(ops: boolean, depth: number): PdfDict {
    this.pos += 2;
    const dict: PdfDict = new Map();
    for (;;) {
      this.skipWhitespace();
      if (this.pos >= this.buf.length) throw new PdfError("malformed", "unterminated dictionary");
      if (this.buf[this.pos] === 0x3e && this.buf[this.pos + 1] === 0x3e) {
        this.pos += 2;
        return dict;
      }
      const key = this.parseValue(ops, depth + 1);
      if (!(key instanceof PdfName)) {
        if (ops) continue;
        throw new PdfError("malformed", "dictionary key is not a name");
      }
      const value = this.parseValue(ops, depth + 1);
      if (value instanceof PdfOp) {
        if (ops) continue;
        throw new PdfError("malformed", "dictionary value is a keyword");
      }
      dict.set(key.name, value);
    }
  }

  private readHexString(): PdfString {
    this.pos++;
    const end = this.buf.indexOf(0x3e, this.pos);
    if (end < 0) throw new PdfError("malformed", "unterminated hex string");
    let hex = this.buf.toString("latin1", this.pos, end).replace(/[^0-9a-fA-F]/g, "");
    this.pos = end + 1;
    if (hex.length % 2) hex += "0";
    return new PdfString(Buffer.from(hex, "hex"), true);
  }

  private readLiteralString(): PdfString {
    const b = this.buf;
    this.pos++;
    const out: number[] = [];
    let depth = 1;
    while (this.pos < b.length) {
      const c = b[this.pos++]!;
      if (c === 0x5c /* \ */) {
        const e = b[this.pos++];
        if (e === undefined) break;
        const simple: Record<number, number> = { 0x6e: 10, 0x72: 13, 0x74: 9, 0x62: 8, 0x66: 12, 0x28: 0x28, 0x29: 0x29, 0x5c: 0x5c };
        if (simple[e] !== undefined) out.push(simple[e]!);
        else if (e >= 0x30 && e <= 0x37) {
          let v = e - 0x30;
          for (let i = 0; i < 2 && b[this.pos]! >= 0x30 && b[this.pos]! <= 0x37; i++) v = v * 8 + (b[this.pos++]! - 0x30);
          out.push(v & 0xff);
        } else if (e === 13) {
          if (b[this.pos] === 10) this.pos++; // line continuation
        } else if (e !== 10) out.push(e);
      } else if (c === 0x28) {
        depth++;
        out.push(c);
      } else if (c === 0x29) {
        if (--depth === 0) return new PdfString(Buffer.from(out), false);
        out.push(c);
      } else out.push(c);
    }
    throw new PdfError("malformed", "unterminated string");
  }
}
