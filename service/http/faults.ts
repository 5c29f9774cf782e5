/**
 * @module service/http/faults
 * Fault injection rules (POST /_local/faults): a forced status and/or a delay for matching
 * API requests, for the next `count` matches or a `ratio` of them. Paths are matched
 * relative to /v3; `*` matches within one segment, `**` any rest, `{x}` one segment.
 * `after: true` lets the request be processed and committed first, then answers with the
 * fault (a lost answer: the caller cannot tell whether its create happened); `drop: true`
 * closes the connection without any answer (with `after`, once the change is committed).
 * `seed` makes a `ratio` rule draw from its own seeded generator: the same requests in the same
 * order are hit on every run (a test at scale that drops 10% of answers is repeatable).
 */
import { ERROR_NAMES } from "./errors";

export interface FaultRule {
  id: number;
  method?: string;
  path: string;
  status?: number;
  /** Remaining matches to affect; undefined = unlimited (or ratio). */
  count?: number;
  ratio?: number;
  /** With `ratio`: draw from a generator seeded with this (repeatable) instead of Math.random. */
  seed?: number;
  delay_ms?: number;
  error_name?: string;
  error_msg?: string;
  /** Apply the fault after the request was processed and committed. */
  after?: boolean;
  /** Close the connection without answering (instead of a status). */
  drop?: boolean;
  /** For an injected 429: X-Ratelimit-Reset this many seconds ahead (default: the window's end). */
  reset_after_s?: number;
  /** The rule matches every request for this long after it is added, then expires: a 429
   *  burst is "the window is used up until then" (X-Ratelimit-Reset = the rule's end). */
  duration_ms?: number;
  /** When a `duration_ms` rule expires (ms since the epoch). */
  until?: number;
  /** How many requests this rule affected. */
  hits: number;
}

export type FaultInput = Omit<FaultRule, "id" | "hits" | "until">;

export class Faults {
  private rules: FaultRule[] = [];
  private nextId = 1;
  /** The generators of seeded rules, by rule id. */
  private readonly draws = new Map<number, () => number>();

  add(input: FaultInput, nowMs: number = Date.now()): FaultRule {
    const until = input.duration_ms !== undefined ? nowMs + input.duration_ms : undefined;
    const rule: FaultRule = { ...input, ...(until !== undefined ? { until } : {}), id: this.nextId++, hits: 0 };
    this.rules.push(rule);
    if (input.seed !== undefined) this.draws.set(rule.id, seeded(input.seed));
    return rule;
  }

  clear(): void {
    this.rules = [];
    this.draws.clear();
  }

  list(): FaultRule[] {
    return this.rules.map((r) => ({ ...r }));
  }

  /** The first rule that fires for this request (consuming one of its count). */
  take(method: string, path: string, random: () => number = Math.random, nowMs: number = Date.now()): FaultRule | undefined {
    for (const r of this.rules) {
      if (r.until !== undefined && nowMs >= r.until) continue;
      if (r.method && r.method.toUpperCase() !== method) continue;
      if (!pathMatches(r.path, path)) continue;
      if (r.count !== undefined && r.count <= 0) continue;
      if (r.ratio !== undefined && (this.draws.get(r.id) ?? random)() >= r.ratio) continue;
      if (r.count !== undefined) r.count--;
      r.hits++;
      return { ...r, error_name: r.error_name ?? (r.status ? ERROR_NAMES[r.status] : undefined) };
    }
    return undefined;
  }
}

/** mulberry32: a small, fast generator of floats in [0, 1) from a 32-bit seed. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pathMatches(pattern: string, path: string): boolean {
  const norm = (p: string) => p.replace(/^\/v3(?=\/)/, "").replace(/\/+$/, "") || "/";
  const re = norm(pattern)
    .split(/(\*\*|\*|\{[^}/]+\})/)
    .map((part) => (part === "**" ? ".*" : part === "*" || /^\{.+\}$/.test(part) ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${re}$`).test(norm(path));
}
