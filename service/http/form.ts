/**
 * @module service/http/form
 * Unflattens PHP-style bracket names from form bodies and query strings:
 * `domains[]=a`, `oauth[scopes][]=x`, `signers[0][name]=Jack` become nested arrays/objects.
 * Values stay strings; the contract's "form" source coerces them (booleans, ints, JSON strings).
 */
import { badRequest } from "./errors";

const MAX_DEPTH = 8;
const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/** Splits `a[b][0][]` into ["a", "b", "0", ""]. Returns undefined for a malformed name. */
export function parseFieldName(name: string): string[] | undefined {
  const open = name.indexOf("[");
  if (open === -1) return [name];
  const head = name.slice(0, open);
  if (head === "") return undefined;
  const parts = [head];
  let rest = name.slice(open);
  while (rest.length > 0) {
    const m = /^\[([^\[\]]*)\]/.exec(rest);
    if (!m) return undefined;
    parts.push(m[1]);
    rest = rest.slice(m[0].length);
  }
  return parts;
}

type Node = Record<string, unknown>;

/**
 * Builds a nested object from [name, value] pairs. A name without brackets given twice
 * becomes an array (`domains=a&domains=b`). Numeric and empty segments make arrays;
 * sparse indexes are compacted in index order.
 */
export function unflatten(pairs: [string, string][]): Record<string, unknown> {
  const root: Node = Object.create(null) as Node;
  for (const [name, value] of pairs) {
    const parts = parseFieldName(name);
    if (!parts) throw badRequest(`Malformed field name: ${name.slice(0, 100)}`, name.slice(0, 100));
    if (parts.length > MAX_DEPTH) throw badRequest(`Field name nested too deeply: ${name.slice(0, 100)}`);
    if (parts.some((p) => FORBIDDEN_KEYS.has(p))) throw badRequest(`Forbidden field name: ${name.slice(0, 100)}`);
    insert(root, parts, value, name);
  }
  return toPlain(root) as Record<string, unknown>;
}

/** Internal marker: a node built from `[]`/`[0]` segments (becomes an array). */
const ARRAY = Symbol("array");
type ArrayNode = Node & { [ARRAY]?: true };

function insert(node: ArrayNode, parts: string[], value: string, name: string): void {
  let cur: ArrayNode = node;
  for (let i = 0; i < parts.length; i++) {
    let key = parts[i];
    const last = i === parts.length - 1;
    if (i > 0 && (key === "" || /^\d+$/.test(key))) {
      if (!cur[ARRAY] && Object.keys(cur).some((k) => !/^\d+$/.test(k))) throw badRequest(`Conflicting field ${name}`, name);
      cur[ARRAY] = true;
      if (key === "") key = String(nextIndex(cur));
    } else if (i > 0 && cur[ARRAY]) {
      throw badRequest(`Conflicting field ${name}`, name);
    }
    if (last) {
      const prev = cur[key];
      if (prev === undefined) cur[key] = value;
      else if (i === 0 && typeof prev === "string") cur[key] = [prev, value];
      else if (i === 0 && Array.isArray(prev)) prev.push(value);
      else throw badRequest(`Field given twice: ${name}`, name);
      return;
    }
    let next = cur[key];
    if (next === undefined) cur[key] = next = Object.create(null) as Node;
    if (typeof next !== "object" || next === null || Array.isArray(next)) throw badRequest(`Conflicting field ${name}`, name);
    cur = next as ArrayNode;
  }
}

/** `[]` appends a new element (PHP semantics). */
function nextIndex(node: ArrayNode): number {
  const idx = Object.keys(node).map(Number);
  return idx.length ? Math.max(...idx) + 1 : 0;
}

function toPlain(v: unknown): unknown {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return v;
  const node = v as ArrayNode;
  if (node[ARRAY]) {
    return Object.keys(node)
      .map(Number)
      .sort((a, b) => a - b)
      .map((k) => toPlain(node[String(k)]));
  }
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(node)) out[k] = toPlain(node[k]);
  return out;
}

/** Pairs of a query string or an urlencoded body. */
export function searchPairs(text: string): [string, string][] {
  return [...new URLSearchParams(text)];
}
