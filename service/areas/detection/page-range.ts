/**
 * @module service/areas/detection/page-range
 * page_range of detect_fields: zero-based `all`, or comma-separated items, each a single
 * index or an inclusive `n-m` range. The syntax is the contract's PAGE_RANGE_PATTERN (one
 * source of truth); this module turns a valid value into page indexes against a page count.
 */
import { PAGE_RANGE_PATTERN } from "../../../contract";

/** Larger indexes are clamped to this (far beyond any page count the reader accepts). */
const MAX_INDEX = 1_000_000_000;

export class PageRangeError extends Error {
  override readonly name = "PageRangeError";
}

/** Parses strictly: "all" or sorted unique indexes. Throws PageRangeError on bad syntax or n > m. */
export function parsePageRange(spec: string): "all" | number[] {
  if (!PAGE_RANGE_PATTERN.test(spec)) throw new PageRangeError(`invalid page_range: ${JSON.stringify(spec.slice(0, 50))}`);
  if (spec === "all") return "all";
  const out = new Set<number>();
  for (const item of spec.split(",")) {
    // Clamp absurd indexes (1e20 + 1 === 1e20 would never end the loop); they are beyond any page anyway.
    const [a, b] = item.split("-").map((n) => Math.min(Number(n), MAX_INDEX)) as [number, number | undefined];
    const to = b ?? a;
    if (to < a) throw new PageRangeError(`invalid page_range item ${item}: start after end`);
    // Cap so "0-999999999" cannot allocate a huge set; anything past the cap is out of range anyway.
    for (let i = a; i <= Math.min(to, a + 100_000); i++) out.add(i);
  }
  return [...out].sort((x, y) => x - y);
}

/** Splits requested pages into those that exist and those beyond the page count. */
export function selectPages(spec: string, pageCount: number): { pages: number[]; beyond: number[] } {
  const parsed = parsePageRange(spec);
  const all = Array.from({ length: pageCount }, (_, i) => i);
  if (parsed === "all") return { pages: all, beyond: [] };
  return { pages: parsed.filter((p) => p < pageCount), beyond: parsed.filter((p) => p >= pageCount) };
}

/** [0,1,2,5] -> "0-2,5" (the same syntax as the input). */
export function formatPageRange(pages: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < pages.length;) {
    let j = i;
    while (j + 1 < pages.length && pages[j + 1] === pages[j]! + 1) j++;
    parts.push(i === j ? String(pages[i]) : `${pages[i]}-${pages[j]}`);
    i = j + 1;
  }
  return parts.join(",");
}
