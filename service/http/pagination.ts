/**
 * @module service/http/pagination
 * page / page_size (already validated by the contract's page query) -> one page and list_info.
 * Beyond the last page the list is empty and list_info still tells the totals.
 */
import { PAGE_DEFAULT, PAGE_SIZE_DEFAULT } from "../../contract/limits";
import type { ListInfo } from "../../contract";

export function pageParams(query: Record<string, unknown>): { page: number; page_size: number } {
  const page = typeof query.page === "number" ? query.page : PAGE_DEFAULT;
  const page_size = typeof query.page_size === "number" ? query.page_size : PAGE_SIZE_DEFAULT;
  return { page, page_size };
}

/** list_info for a page of `num_results` matches (when the store cut the page itself). */
export function listInfo(num_results: number, query: Record<string, unknown>): ListInfo {
  const { page, page_size } = pageParams(query);
  return { page, num_pages: Math.max(1, Math.ceil(num_results / page_size)), num_results, page_size };
}

export function paginate<T>(items: T[], query: Record<string, unknown>): { items: T[]; list_info: ListInfo } {
  const { page, page_size } = pageParams(query);
  const num_results = items.length;
  const num_pages = Math.max(1, Math.ceil(num_results / page_size));
  const start = (page - 1) * page_size;
  return { items: items.slice(start, start + page_size), list_info: { page, num_pages, num_results, page_size } };
}
