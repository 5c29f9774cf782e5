/**
 * The plugin's protobuf codec: the messages are generated from Pulumi's own provider.proto (of
 * the pinned engine) by protoc-gen-es (grpc/gen/, scripts/gen-grpc-codec; DECISIONS D135), and
 * @bufbuild/protobuf reads and writes them. This adapter keeps one thing of the hand codec it
 * replaced (D118): google.protobuf.Struct fields are JavaScript objects exactly as google-
 * protobuf's `Struct.toJavaScript()`/`fromJavaScript()` make them, which the provider's code was
 * written against: keys sorted both ways, inherited enumerable keys written (for-in), and a value
 * that is not JSON (undefined, a function, a symbol, a bigint) refused rather than sent as a Value
 * without a kind, which the engine cannot read. Fields a newer engine adds are skipped on decode.
 */
import { create, fromBinary, toBinary, type DescMessage, type JsonObject, type JsonValue, type MessageInitShape, type MessageShape } from "@bufbuild/protobuf";

export type { JsonObject, JsonValue };

/** The names of a message's google.protobuf.Struct fields (they are JavaScript objects in the generated types). */
const structFieldsOf = (schema: DescMessage): string[] => schema.fields.filter((f) => f.message?.typeName === "google.protobuf.Struct" && f.fieldKind === "message").map((f) => f.localName);

/** A JSON value with every object's keys sorted, as `toJavaScript()` gives it. */
function sorted(value: JsonValue): JsonValue {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(sorted);
  return sortedObject(value);
}

function sortedObject(value: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [key, v] of Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) out[key] = sorted(v);
  return out;
}

/** A JavaScript value as `fromJavaScript()` takes it: for-in keys, sorted; anything but JSON refused. */
function json(value: unknown): JsonValue {
  if (value === null || typeof value === "number" || typeof value === "string" || typeof value === "boolean") return value;
  if (Array.isArray(value)) return value.map(json);
  if (typeof value === "object") return structOf(value);
  throw new Error("Unexpected struct type.");
}

/** A Struct field's object from a JavaScript value (undefined/null: an empty Struct, as fromJavaScript). */
export function structOf(value: unknown): JsonObject {
  const object: object = Object(value); // as for-in reads it: a primitive's wrapper
  const keys: string[] = [];
  for (const key in object) keys.push(key);
  const out: JsonObject = {};
  for (const key of keys.sort()) out[key] = json(Reflect.get(object, key));
  return out;
}

/** A message from its bytes; its Struct fields with their keys sorted. */
export function decode<D extends DescMessage>(schema: D, bytes: Uint8Array): MessageShape<D> {
  const message = fromBinary(schema, bytes);
  const fields: object = message; // its fields, by name
  for (const name of structFieldsOf(schema)) {
    // A Struct field, by its schema: a JSON object or undefined.
    const value: JsonObject | undefined = Reflect.get(fields, name);
    if (value !== undefined) Reflect.set(fields, name, sortedObject(value));
  }
  return message;
}

/** A message's bytes; its Struct fields taken as `fromJavaScript()` takes them. */
export function encode<D extends DescMessage>(schema: D, init: MessageInitShape<D>): Buffer {
  const fields: Record<string, unknown> = { ...init }; // a copy: the caller's object stays as it was
  for (const name of structFieldsOf(schema)) {
    if (fields[name] !== undefined && fields[name] !== null) fields[name] = structOf(fields[name]);
    else delete fields[name];
  }
  // The same fields as `init`, the Struct ones as JSON objects: still the message's init shape.
  const bytes = toBinary(schema, create(schema, fields as MessageInitShape<D>));
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
