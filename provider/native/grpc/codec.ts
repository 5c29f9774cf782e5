/**
 * A protobuf codec driven by message tables (messages.ts): decodes a message into a plain
 * object (every field by its name, proto3 defaults for absent scalars and lists, `undefined`
 * for an absent message) and encodes one back. google.protobuf.Struct is a JavaScript object
 * both ways, exactly as google-protobuf's `Struct.toJavaScript()`/`fromJavaScript()` make it:
 * the provider's code was written against those. Unknown fields are skipped.
 */
import { FIXED64, LENGTH, VARINT, WireReader, WireWriter } from "./wire";

/** A field's type: a scalar, a Struct (a JavaScript object), a string map, or a nested message. */
export type FieldType = "string" | "bool" | "int32" | "enum" | "double" | "bytes" | "struct" | "map<string,string>" | MessageType;

export interface Field {
  no: number;
  name: string;
  type: FieldType;
  repeated?: boolean;
}

export interface MessageType {
  name: string;
  fields: readonly Field[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a decoded message: its shape is its table's
export type Message = Record<string, any>;
export type JsonValue = null | number | string | boolean | JsonValue[] | { [key: string]: JsonValue };
type JsonObject = { [key: string]: JsonValue };

const WIRE: Record<string, number> = { string: LENGTH, bytes: LENGTH, struct: LENGTH, "map<string,string>": LENGTH, bool: VARINT, int32: VARINT, enum: VARINT, double: FIXED64 };
const wireType = (type: FieldType) => (typeof type === "string" ? WIRE[type] : LENGTH);
const tagOf = (no: number, wt: number) => no * 8 + wt;

function defaultOf(field: Field): unknown {
  if (field.repeated) return [];
  switch (field.type) {
    case "string":
      return "";
    case "bool":
      return false;
    case "int32":
    case "enum":
    case "double":
      return 0;
    case "bytes":
      return Buffer.alloc(0);
    case "map<string,string>":
      return {};
    default:
      return undefined; // a message or Struct: absent
  }
}

// --- google.protobuf.Struct / Value / ListValue <-> JavaScript ---------------------------------

/** A Struct as `toJavaScript()` gives it: map semantics (last entry wins), keys in sorted order. */
export function decodeStruct(buf: Buffer, start = 0, end = buf.length): JsonObject {
  const entries = new Map<string, JsonValue>();
  const r = new WireReader(buf, start, end);
  while (!r.done()) {
    const tag = r.varint();
    if (tag !== tagOf(1, LENGTH)) {
      r.skip(tag & 7);
      continue;
    }
    const entry = new WireReader(buf, ...r.span());
    let key = "";
    let value: JsonValue | undefined;
    while (!entry.done()) {
      const t = entry.varint();
      if (t === tagOf(1, LENGTH)) key = entry.string();
      else if (t === tagOf(2, LENGTH)) value = decodeValue(buf, ...entry.span());
      else entry.skip(t & 7);
    }
    // An entry without a value is a Value with no kind, which toJavaScript refuses.
    if (value === undefined) throw new Error("Unexpected struct type");
    entries.set(key, value);
  }
  const out: JsonObject = {};
  for (const key of [...entries.keys()].sort()) out[key] = entries.get(key)!;
  return out;
}

function decodeValue(buf: Buffer, start: number, end: number): JsonValue {
  const r = new WireReader(buf, start, end);
  let value: JsonValue | undefined;
  while (!r.done()) {
    const tag = r.varint();
    // A oneof: the last kind on the wire wins.
    if (tag === tagOf(1, VARINT)) {
      r.varint();
      value = null;
    } else if (tag === tagOf(2, FIXED64)) value = r.double();
    else if (tag === tagOf(3, LENGTH)) value = r.string();
    else if (tag === tagOf(4, VARINT)) value = r.varint() !== 0;
    else if (tag === tagOf(5, LENGTH)) value = decodeStruct(buf, ...r.span());
    else if (tag === tagOf(6, LENGTH)) value = decodeList(buf, ...r.span());
    else r.skip(tag & 7);
  }
  if (value === undefined) throw new Error("Unexpected struct type");
  return value;
}

function decodeList(buf: Buffer, start: number, end: number): JsonValue[] {
  const out: JsonValue[] = [];
  const r = new WireReader(buf, start, end);
  while (!r.done()) {
    const tag = r.varint();
    if (tag === tagOf(1, LENGTH)) out.push(decodeValue(buf, ...r.span()));
    else r.skip(tag & 7);
  }
  return out;
}

/** A Struct from a JavaScript object, as `fromJavaScript()` makes it (its map written in key order, as google-protobuf does). */
export function encodeStruct(value: unknown): Buffer {
  const w = new WireWriter();
  const keys: string[] = [];
  // for-in, as fromJavaScript: inherited enumerable keys too; undefined/null give an empty Struct.
  for (const key in value as object) keys.push(key);
  for (const key of keys.sort()) {
    const entry = new WireWriter();
    entry.tag(1, LENGTH);
    entry.string(key);
    entry.tag(2, LENGTH);
    entry.bytes(encodeValue((value as Record<string, unknown>)[key]));
    w.tag(1, LENGTH);
    w.bytes(entry.finish());
  }
  return w.finish();
}

function encodeValue(value: unknown): Buffer {
  const w = new WireWriter();
  if (value === null) {
    w.tag(1, VARINT);
    w.varint(0);
  } else if (typeof value === "number") {
    w.tag(2, FIXED64);
    w.double(value);
  } else if (typeof value === "string") {
    w.tag(3, LENGTH);
    w.string(value);
  } else if (typeof value === "boolean") {
    w.tag(4, VARINT);
    w.varint(value ? 1 : 0);
  } else if (Array.isArray(value)) {
    const list = new WireWriter();
    for (const item of value) {
      list.tag(1, LENGTH);
      list.bytes(encodeValue(item));
    }
    w.tag(6, LENGTH);
    w.bytes(list.finish());
  } else if (typeof value === "object") {
    w.tag(5, LENGTH);
    w.bytes(encodeStruct(value));
  } else {
    // undefined, functions, symbols, bigints: google-protobuf refuses them too.
    throw new Error("Unexpected struct type.");
  }
  return w.finish();
}

// --- messages ----------------------------------------------------------------------------------

function decodeStringMap(buf: Buffer, start: number, end: number, into: Record<string, string>): void {
  const r = new WireReader(buf, start, end);
  let [key, value] = ["", ""];
  while (!r.done()) {
    const t = r.varint();
    if (t === tagOf(1, LENGTH)) key = r.string();
    else if (t === tagOf(2, LENGTH)) value = r.string();
    else r.skip(t & 7);
  }
  into[key] = value;
}

function decodeField(r: WireReader, type: FieldType): unknown {
  switch (type) {
    case "string":
      return r.string();
    case "bytes":
      return r.bytes();
    case "bool":
      return r.varint() !== 0;
    case "int32":
    case "enum":
      return r.int32();
    case "double":
      return r.double();
    case "struct":
      return decodeStruct(r.buf, ...r.span());
    default:
      return decode(type as MessageType, r.buf, ...r.span());
  }
}

/** A message from its bytes (`start`..`end` of `buf`). */
export function decode(type: MessageType, buf: Buffer, start = 0, end = buf.length): Message {
  const out: Message = {};
  for (const f of type.fields) out[f.name] = defaultOf(f);
  const r = new WireReader(buf, start, end);
  while (!r.done()) {
    const tag = r.varint();
    const [no, wt] = [Math.floor(tag / 8), tag & 7];
    const field = type.fields.find((f) => f.no === no);
    if (!field || wt !== wireType(field.type)) {
      r.skip(wt);
      continue;
    }
    if (field.type === "map<string,string>") decodeStringMap(buf, ...r.span(), out[field.name]);
    else if (field.repeated) out[field.name].push(decodeField(r, field.type));
    else out[field.name] = decodeField(r, field.type);
  }
  return out;
}

function encodeField(w: WireWriter, field: Field, value: unknown): void {
  const { no, type } = field;
  switch (type) {
    case "string":
      w.tag(no, LENGTH);
      w.string(value as string);
      return;
    case "bytes":
      w.tag(no, LENGTH);
      w.bytes(value as Buffer);
      return;
    case "bool":
      w.tag(no, VARINT);
      w.varint(value ? 1 : 0);
      return;
    case "int32":
    case "enum":
      w.tag(no, VARINT);
      w.varint(value as number);
      return;
    case "double":
      w.tag(no, FIXED64);
      w.double(value as number);
      return;
    case "struct":
      w.tag(no, LENGTH);
      w.bytes(encodeStruct(value));
      return;
    default:
      w.tag(no, LENGTH);
      w.bytes(encode(type as MessageType, value as Message));
  }
}

/** A message's bytes: proto3 defaults (empty strings, zeros, false, empty lists) and absent messages are not written. */
export function encode(type: MessageType, message: Message): Buffer {
  const w = new WireWriter();
  for (const field of type.fields) {
    const value = message[field.name];
    if (value === undefined || value === null) continue;
    if (field.type === "map<string,string>") {
      for (const key of Object.keys(value).sort()) {
        const entry = new WireWriter();
        entry.tag(1, LENGTH);
        entry.string(key);
        entry.tag(2, LENGTH);
        entry.string(String(value[key]));
        w.tag(field.no, LENGTH);
        w.bytes(entry.finish());
      }
    } else if (field.repeated) {
      for (const item of value as unknown[]) encodeField(w, field, item);
    } else if (field.type === "struct" || typeof field.type === "object" || (value !== "" && value !== 0 && value !== false && !(Buffer.isBuffer(value) && value.length === 0))) {
      encodeField(w, field, value);
    }
  }
  return w.finish();
}
