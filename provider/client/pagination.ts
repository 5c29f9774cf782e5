/**
 * Pagination over list_info: pages are fetched one by one while page < num_pages. Works with
 * any list method of the client, e.g.
 *   for await (const member of client.paginate(client.team.members, { team_id }, { pageSize: 100 })) ...
 */
import type { ListPage } from "../../contract";

export interface PaginateOptions {
  /** page_size per request (PAGE_SIZE_MIN..PAGE_SIZE_MAX; default: the service's default). */
  pageSize?: number;
  /** First page to fetch (default 1). */
  startPage?: number;
  /** Stop after this many pages (default: all). */
  maxPages?: number;
}

type PageArgs = { page?: number; page_size?: number };
export type ListMethod<A, T> = (args?: A) => Promise<ListPage<T>>;

/** Yields each page of a list operation. */
export async function* paginatePages<A extends PageArgs, T>(list: ListMethod<A, T>, args: Omit<A, "page" | "page_size">, options: PaginateOptions = {}): AsyncGenerator<ListPage<T>, void, undefined> {
  let page = options.startPage ?? 1;
  for (let fetched = 0; options.maxPages === undefined || fetched < options.maxPages; fetched += 1) {
    // Cast: the caller's args with page and page_size are A, which TypeScript cannot show for a generic A.
    const pageArgs = { ...args, page, ...(options.pageSize === undefined ? {} : { page_size: options.pageSize }) } as A;
    const result = await list(pageArgs);
    yield result;
    const info = result.list_info;
    if (!info || info.page >= info.num_pages || result.items.length === 0) return;
    page = info.page + 1;
  }
}

/** Yields each item of every page of a list operation. */
export async function* paginate<A extends PageArgs, T>(list: ListMethod<A, T>, args: Omit<A, "page" | "page_size">, options: PaginateOptions = {}): AsyncGenerator<T, void, undefined> {
  for await (const page of paginatePages(list, args, options)) yield* page.items;
}

/** Collects every item into an array. */
export async function collectAll<A extends PageArgs, T>(list: ListMethod<A, T>, args: Omit<A, "page" | "page_size">, options: PaginateOptions = {}): Promise<T[]> {
  const items: T[] = [];
  for await (const item of paginate(list, args, options)) items.push(item);
  return items;
}
