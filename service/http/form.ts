/**
 * @module service/http/form
 * Unflattens PHP-style bracket names from form bodies and query strings:
 * `domains[]=a`, `oauth[scopes][]=x`, `signers[0][name]=Jack` become nested arrays/objects.
 * Values stay strings; the contract's "form" source coerces them (booleans, ints, JSON strings).
 *
 * Linear in the size of the input: each pair is placed in O(length of its name), an array
 * node keeps its next free index, and the counts, name lengths, depths and indexes are bounded
 * (service/http/limits.ts). Anything ambiguous (`a[00]` beside `a[0]`, an index given twice,
 * an absurd index) is a 400 rather than a silent merge.
 */
import { badRequest } from "./errors";
import { MAX_FIELD_NAME_LENGTH, MAX_FORM_FIELDS, MAX_FORM_INDEX, MAX_FORM_NESTING } from "./limits";

const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/** Splits `a[b][0][]` into ["a", "b", "0", ""]. Returns undefined for a malformed name. */
export function parseFieldName(name: string): string[] | undefined {
  const open = name.indexOf("[");
  if (open === -1) return [name];
  if (open === 0) return undefined;
  const parts = [name.slice(0, open)];
  let i = open;
  while (i < name.length) {
    if (name[i] !== "[") return undefined;
    const close = name.indexOf("]", i + 1);
    if (close === -1) return undefined;
    const segment = name.slice(i + 1, close);
    if (segment.includes("[")) return undefined;
    parts.push(segment);
    i = close + 1;
  }
  return parts;
}

/** A node under construction: an object (named keys) or an array (index keys), never both. */
interface Branch {
  kind: "object" | "array" | undefined;
  /** Array nodes: the next index `[]` appends at (one past the largest index so far). */
  next: number;
  children: Map<string, Branch | string | string[]>;
}

const branch = (): Branch => ({ kind: undefined, next: 0, children: new Map() });

/**
 * Builds a nested object from [name, value] pairs. A name without brackets given twice
 * becomes an array (`domains=a&domains=b`). Numeric and empty segments make arrays;
 * sparse indexes are compacted in index order.
 */
export function unflatten(pairs: [string, string][]): Record<string, unknown> {
  if (pairs.length > MAX_FORM_FIELDS) throw badRequest(`Too many fields: at most ${MAX_FORM_FIELDS} in one request`);
  const root = branch();
  root.kind = "object";
  for (const [name, value] of pairs) {
    const shown = name.slice(0, 100);
    if (name.length > MAX_FIELD_NAME_LENGTH) throw badRequest(`Field name longer than ${MAX_FIELD_NAME_LENGTH} characters: ${shown}`, shown);
    const parts = parseFieldName(name);
    if (!parts) throw badRequest(`Malformed field name: ${shown}`, shown);
    if (parts.length > MAX_FORM_NESTING) throw badRequest(`Field name nested too deeply: ${shown}`, shown);
    if (parts.some((p) => FORBIDDEN_KEYS.has(p))) throw badRequest(`Forbidden field name: ${shown}`, shown);
    insert(root, parts, value, shown);
  }
  return toPlain(root) as Record<string, unknown>;
}

function insert(root: Branch, parts: string[], value: string, name: string): void {
  let cur = root;
  for (let i = 0; i < parts.length; i++) {
    const key = i === 0 ? parts[0] : childKey(cur, parts[i], name);
    const last = i === parts.length - 1;
    const prev = cur.children.get(key);
    if (last) {
      if (prev === undefined) cur.children.set(key, value);
      else if (i === 0 && typeof prev === "string") cur.children.set(key, [prev, value]);
      else if (i === 0 && Array.isArray(prev)) prev.push(value);
      else throw badRequest(`Field given twice: ${name}`, name);
      return;
    }
    if (prev === undefined) {
      const next = branch();
      cur.children.set(key, next);
      cur = next;
    } else if (typeof prev === "object" && !Array.isArray(prev)) cur = prev;
    else throw badRequest(`Conflicting field ${name}`, name);
  }
}

/** The key of segment `seg` inside `node`, fixing the node's kind on first use. */
function childKey(node: Branch, seg: string, name: string): string {
  const isIndex = seg === "" || /^\d+$/.test(seg);
  const kind = isIndex ? "array" : "object";
  if (node.kind !== undefined && node.kind !== kind) throw badRequest(`Conflicting field ${name}`, name);
  node.kind = kind;
  if (!isIndex) return seg;
  if (seg === "") return String(node.next++);
  if (seg.length > 1 && seg[0] === "0") throw badRequest(`Index with a leading zero in ${name}: write ${Number(seg)}`, name);
  const index = Number(seg);
  if (index >= MAX_FORM_INDEX) throw badRequest(`Index ${seg.slice(0, 20)} in ${name} is too large: indexes go up to ${MAX_FORM_INDEX - 1}`, name);
  if (index >= node.next) node.next = index + 1;
  return seg;
}

function toPlain(v: Branch | string | string[]): unknown {
  if (typeof v === "string" || Array.isArray(v)) return v;
  if (v.kind === "array") {
    return [...v.children.keys()]
      .map(Number)
      .sort((a, b) => a - b)
      .map((k) => toPlain(v.children.get(String(k))!));
  }
  const out: Record<string, unknown> = {};
  for (const [k, child] of v.children) out[k] = toPlain(child);
  return out;
}

/** Pairs of a query string or an urlencoded body. */
export function searchPairs(text: string): [string, string][] {
  return [...new URLSearchParams(text)];
}
