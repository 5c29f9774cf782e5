/**
 * The protobuf binary wire format (https://protobuf.dev/programming-guides/encoding/): the
 * varints, fixed-width numbers and length-delimited fields that codec.ts reads and writes.
 * Only what the ResourceProvider's messages use; unknown fields of any wire type are skipped.
 */

export const VARINT = 0;
export const FIXED64 = 1;
export const LENGTH = 2;
export const FIXED32 = 5;

/** Reads a message's fields in order. */
export class WireReader {
  pos: number;

  constructor(
    readonly buf: Buffer,
    start = 0,
    readonly end = buf.length,
  ) {
    this.pos = start;
  }

  done(): boolean {
    return this.pos >= this.end;
  }

  /** A varint as a JavaScript number (exact to 2^53; an int32's negative 10-byte form too). */
  varint(): number {
    let result = 0;
    let scale = 1;
    for (let i = 0; i < 10; i++) {
      if (this.pos >= this.end) throw new Error("protobuf: truncated varint");
      const byte = this.buf[this.pos++];
      result += (byte & 0x7f) * scale;
      if (byte < 0x80) return result;
      scale *= 128;
    }
    throw new Error("protobuf: varint longer than 10 bytes");
  }

  /** A varint as a signed 32-bit integer (int32 and enums: negative values take 10 bytes, the low 32 bits count). */
  int32(): number {
    let low = 0;
    for (let i = 0, shift = 0; i < 10; i++, shift += 7) {
      if (this.pos >= this.end) throw new Error("protobuf: truncated varint");
      const byte = this.buf[this.pos++];
      if (shift < 32) low |= (byte & 0x7f) << shift;
      if (byte < 0x80) return low | 0;
    }
    throw new Error("protobuf: varint longer than 10 bytes");
  }

  double(): number {
    this.need(8);
    const v = this.buf.readDoubleLE(this.pos);
    this.pos += 8;
    return v;
  }

  /** A length-delimited field's bounds, the reader moved past it. */
  span(): [number, number] {
    const length = this.varint();
    this.need(length);
    const start = this.pos;
    this.pos += length;
    return [start, this.pos];
  }

  string(): string {
    const [start, end] = this.span();
    return this.buf.toString("utf8", start, end);
  }

  bytes(): Buffer {
    const [start, end] = this.span();
    return Buffer.from(this.buf.subarray(start, end));
  }

  /** A field this reader does not know (a newer engine's): passed over by its wire type. */
  skip(wireType: number): void {
    if (wireType === VARINT) this.varint();
    else if (wireType === FIXED64) this.advance(8);
    else if (wireType === LENGTH) this.span();
    else if (wireType === FIXED32) this.advance(4);
    else throw new Error(`protobuf: unsupported wire type ${wireType}`);
  }

  private advance(n: number): void {
    this.need(n);
    this.pos += n;
  }

  private need(n: number): void {
    if (this.pos + n > this.end) throw new Error("protobuf: truncated message");
  }
}

/** Writes a message: chunks concatenated at the end (a nested message is written first, then framed by its length). */
export class WireWriter {
  private readonly chunks: Buffer[] = [];
  private small: number[] = [];

  tag(field: number, wireType: number): void {
    this.varint(field * 8 + wireType);
  }

  /** A non-negative integer (to 2^53) or an int32; a negative int32 takes 10 bytes, as protobuf writes it. */
  varint(value: number): void {
    if (value < 0) {
      // Two's complement over 64 bits: the low 32 bits, then all ones.
      let low = value >>> 0;
      for (let i = 0; i < 4; i++, low >>>= 7) this.small.push((low & 0x7f) | 0x80);
      this.small.push((low & 0x0f) | 0x70 | 0x80, 0xff, 0xff, 0xff, 0xff, 0x01);
      return;
    }
    while (value >= 0x80) {
      this.small.push((value % 128) | 0x80);
      value = Math.floor(value / 128);
    }
    this.small.push(value);
  }

  double(value: number): void {
    const b = Buffer.allocUnsafe(8);
    b.writeDoubleLE(value, 0);
    this.raw(b);
  }

  bytes(value: Buffer): void {
    this.varint(value.length);
    this.raw(value);
  }

  string(value: string): void {
    this.bytes(Buffer.from(value, "utf8"));
  }

  private raw(b: Buffer): void {
    this.flush();
    this.chunks.push(b);
  }

  private flush(): void {
    if (this.small.length) this.chunks.push(Buffer.from(this.small));
    this.small = [];
  }

  finish(): Buffer {
    this.flush();
    return this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks);
  }
}
