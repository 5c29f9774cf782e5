/**
 * @module service/store/journal-format
 * The journal file, format 2 (docs/local-service.md):
 *
 *   {"esign_journal":2}                                         first line, the format
 *   <crc32> {"row":["teams","<id>",{...}]}                      a snapshot: one row a line ...
 *   <crc32> {"snapshot_end":<rows>}                             ... closed by its row count
 *   <crc32> {"ops":[{"op":"put"|"delete"|"patch"|"reset",...}]} one line per commit
 *
 * Each record line carries the CRC-32 of its JSON text, so any damaged byte is found on load.
 * A record is checked fully (shape, op names, types) before it is applied: a damaged record is
 * never guessed at (a damaged op name must not replay as a delete).
 */
import { crc32Hex } from "./crc32";
import { forbiddenDeltaKey, isDelta, type Delta } from "./patch";

export const FORMAT_LINE = '{"esign_journal":2}';

export type JournalOp =
  { op: "put"; table: string; id: string; value: unknown } | { op: "patch"; table: string; id: string; delta: Delta } | { op: "delete"; table: string; id: string } | { op: "reset" };

export type JournalRecord = { ops: JournalOp[] } | { row: [string, string, unknown] } | { snapshot_end: number };

export function encodeRecord(record: JournalRecord): Buffer {
  const json = Buffer.from(JSON.stringify(record));
  return Buffer.concat([Buffer.from(`${crc32Hex(json)} `), json, Buffer.from("\n")]);
}

/** Parses one line (without its newline); a string names what is wrong. */
export function decodeRecord(line: Buffer): JournalRecord | string {
  if (line.length < 10 || line[8] !== 0x20) return "not a journal record (no checksum)";
  const json = line.subarray(9);
  if (crc32Hex(json) !== line.subarray(0, 8).toString("latin1")) return "checksum mismatch (the record was changed or damaged)";
  let value: unknown;
  try {
    value = JSON.parse(json.toString("utf8"));
  } catch (e) {
    return `not JSON: ${(e as Error).message}`;
  }
  return checkRecord(value);
}

/** Shape check of a decoded record (also used for format-1 lines). */
export function checkRecord(value: unknown): JournalRecord | string {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "a record must be an object";
  const r = value as Record<string, unknown>;
  const keys = Object.keys(r);
  if (keys.length !== 1) return `unexpected keys ${keys.join(", ")}`;
  if (keys[0] === "ops") {
    if (!Array.isArray(r.ops)) return "ops must be an array";
    for (const [i, op] of r.ops.entries()) {
      const problem = opProblem(op);
      if (problem) return `ops[${i}]: ${problem}`;
    }
    return r as JournalRecord;
  }
  if (keys[0] === "row") {
    const row = r.row;
    if (!Array.isArray(row) || row.length !== 3 || typeof row[0] !== "string" || typeof row[1] !== "string") return "row must be [table, id, value]";
    return hasProtoKey(row[2]) ? PROTO_IN_VALUE : (r as JournalRecord);
  }
  if (keys[0] === "snapshot_end") return Number.isInteger(r.snapshot_end) ? (r as JournalRecord) : "snapshot_end must be a count";
  return `unknown record ${keys[0]}`;
}

const PROTO_IN_VALUE = 'forbidden key "__proto__" in a value (the service never stores one: request bodies refuse it)';

/**
 * Whether a value holds an own `__proto__` key at any depth. `constructor` and `prototype`
 * stay allowed in values: a JSON body may carry them (metadata), JSON.parse makes them plain
 * own keys, and only a delta walks into existing objects.
 */
function hasProtoKey(value: unknown): boolean {
  const stack = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v !== "object" || v === null) continue;
    if (!Array.isArray(v) && Object.hasOwn(v, "__proto__")) return true;
    for (const child of Object.values(v)) stack.push(child);
  }
  return false;
}

function opProblem(op: unknown): string | undefined {
  if (typeof op !== "object" || op === null) return "not an object";
  const o = op as Record<string, unknown>;
  if (o.op === "reset") return undefined;
  if (typeof o.table !== "string" || typeof o.id !== "string") return "table and id must be strings";
  if (o.op === "put") return !("value" in o) ? "put without a value" : hasProtoKey(o.value) ? PROTO_IN_VALUE : undefined;
  if (o.op === "delete") return undefined;
  if (o.op === "patch") {
    const forbidden = forbiddenDeltaKey(o.delta);
    if (forbidden) return `forbidden key ${JSON.stringify(forbidden)} in a patch (it would reach Object.prototype, not the record)`;
    return isDelta(o.delta) ? undefined : "malformed patch";
  }
  return `unknown op ${JSON.stringify(o.op)?.slice(0, 40)}`;
}
