/**
 * @module service/store/patch
 * The difference between two versions of a stored record, so that the journal records what
 * changed (one member of a team) and not the whole record again: a team of n members then
 * costs O(n) journal bytes over its life instead of O(n^2).
 *
 * Delta forms (short keys, they are written for every change):
 *   {"v": value}                        replace the value
 *   {"o": {key: delta}, "d": [keys]}    object: change/add keys (added keys go last), delete keys
 *   {"s": [start, deleteCount, items]}  array: one splice (common prefix and suffix kept)
 *   {"a": [index, delta]}               array: one element changed in place
 * A delta is only used when applying it gives exactly `next`, key order included; otherwise
 * the record is written whole.
 */

export type Delta = { v: unknown } | { o: Record<string, Delta>; d?: string[] } | { s: [number, number, unknown[]] } | { a: [number, Delta] };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** undefined when `prev` and `next` are equal. */
export function diff(prev: unknown, next: unknown): Delta | undefined {
  if (prev === next) return undefined;
  if (Array.isArray(prev) && Array.isArray(next)) return diffArray(prev, next);
  if (isObject(prev) && isObject(next)) {
    if (!keepsOrder(prev, next)) return { v: next };
    const o: Record<string, Delta> = {};
    let changed = false;
    for (const k of Object.keys(next)) {
      const d = k in prev ? diff(prev[k], next[k]) : { v: next[k] };
      if (d) {
        o[k] = d;
        changed = true;
      }
    }
    const d = Object.keys(prev).filter((k) => !(k in next));
    if (d.length) return { o, d };
    return changed ? { o } : undefined;
  }
  return same(prev, next) ? undefined : { v: next };
}

/** True when next's keys are prev's surviving keys in prev's order, then the new ones. */
function keepsOrder(prev: Record<string, unknown>, next: Record<string, unknown>): boolean {
  const kept = Object.keys(prev).filter((k) => k in next);
  const nextKeys = Object.keys(next);
  for (let i = 0; i < kept.length; i++) if (nextKeys[i] !== kept[i]) return false;
  return true;
}

function diffArray(prev: unknown[], next: unknown[]): Delta | undefined {
  const p = prev.map((x) => JSON.stringify(x));
  const n = next.map((x) => JSON.stringify(x));
  let start = 0;
  while (start < p.length && start < n.length && p[start] === n[start]) start++;
  let endP = p.length;
  let endN = n.length;
  while (endP > start && endN > start && p[endP - 1] === n[endN - 1]) {
    endP--;
    endN--;
  }
  if (endP === start && endN === start) return undefined; // equal arrays
  if (endP - start === 1 && endN - start === 1) {
    const inner = diff(prev[start], next[start]);
    if (inner && !("v" in inner)) return { a: [start, inner] };
  }
  return { s: [start, endP - start, next.slice(start, endN)] };
}

/**
 * Keys a delta may not name (D142): walking or assigning them reaches the prototype chain
 * (`__proto__` is Object.prototype itself), not the record. The journal never writes such a
 * delta (the whole record instead) and its replay refuses one.
 */
const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

/** The first forbidden key a delta names (in a change or a deletion), else undefined. */
export function forbiddenDeltaKey(delta: unknown, depth = 0): string | undefined {
  if (!isObject(delta) || depth > 200) return undefined;
  if (isObject(delta.o)) {
    for (const [k, d] of Object.entries(delta.o)) {
      if (FORBIDDEN_KEYS.has(k)) return k;
      const inner = forbiddenDeltaKey(d, depth + 1);
      if (inner) return inner;
    }
    if (Array.isArray(delta.d)) return delta.d.find((k): k is string => typeof k === "string" && FORBIDDEN_KEYS.has(k));
  }
  if (Array.isArray(delta.a)) return forbiddenDeltaKey(delta.a[1], depth + 1);
  return undefined;
}

/** Applies a delta to a value it was computed from (the journal's replay owns the value). */
export function applyDelta(prev: unknown, delta: Delta): unknown {
  if ("v" in delta) return delta.v;
  if ("o" in delta) {
    if (!isObject(prev)) throw new Error("object delta on a non-object");
    for (const k of delta.d ?? []) delete prev[k];
    // Own keys only: an inherited name must never lead into a prototype.
    for (const [k, d] of Object.entries(delta.o)) {
      if (FORBIDDEN_KEYS.has(k)) throw new Error(`forbidden key ${k}`);
      prev[k] = applyDelta(Object.hasOwn(prev, k) ? prev[k] : undefined, d);
    }
    return prev;
  }
  if (!Array.isArray(prev)) throw new Error("array delta on a non-array");
  if ("s" in delta) {
    const [start, count, items] = delta.s;
    prev.splice(start, count, ...items);
    return prev;
  }
  const [index, d] = delta.a;
  prev[index] = applyDelta(prev[index], d);
  return prev;
}

/** A well-formed delta (checked on load before it is applied). */
export function isDelta(v: unknown, depth = 0): v is Delta {
  if (!isObject(v) || depth > 200) return false;
  const keys = Object.keys(v);
  if (keys.length === 1 && keys[0] === "v") return true;
  if (keys[0] === "o" && isObject(v.o) && keys.every((k) => k === "o" || k === "d")) {
    if (v.d !== undefined && !(Array.isArray(v.d) && v.d.every((k) => typeof k === "string"))) return false;
    return Object.values(v.o).every((d) => isDelta(d, depth + 1));
  }
  if (keys.length === 1 && keys[0] === "s") {
    const s = v.s;
    return Array.isArray(s) && s.length === 3 && Number.isInteger(s[0]) && Number.isInteger(s[1]) && Array.isArray(s[2]);
  }
  if (keys.length === 1 && keys[0] === "a") {
    const a = v.a;
    return Array.isArray(a) && a.length === 2 && Number.isInteger(a[0]) && isDelta(a[1], depth + 1);
  }
  return false;
}
