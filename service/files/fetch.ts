/**
 * @module service/files/fetch
 * Downloads one `file_urls` entry for the areas that take documents by URL (signature
 * requests, drafts, faxes, templates, detection). The body is counted while it streams and
 * the download aborted at `maxBytes`: a URL that answers gigabytes (or never ends) costs
 * at most the limit, not the whole answer in memory before a size check. A declared
 * Content-Length over the limit is refused before the first byte is read.
 */
import { badRequest, isApiError } from "../http/errors";
import { outboundFetch } from "../http/outbound";

const FETCH_TIMEOUT_MS = 10_000;

/** The file at `url`, at most `maxBytes`; any failure is a 400 naming `path` (the request parameter). */
export async function downloadFile(url: string, path: string, maxBytes: number): Promise<Buffer> {
  const abort = new AbortController();
  const signal = AbortSignal.any([abort.signal, AbortSignal.timeout(FETCH_TIMEOUT_MS)]);
  const tooLarge = () => badRequest(`File at ${url} is too large (more than ${maxBytes} bytes)`, path);
  try {
    const res = await outboundFetch(url, { signal });
    if (!res.ok) throw badRequest(`Could not download ${url}: HTTP ${res.status}`, path);
    if (Number(res.headers.get("content-length") ?? 0) > maxBytes) throw tooLarge();
    const chunks: Buffer[] = [];
    let total = 0;
    const reader = res.body?.getReader();
    for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
      total += read.value.byteLength;
      if (total > maxBytes) throw tooLarge();
      chunks.push(Buffer.from(read.value));
    }
    return Buffer.concat(chunks, total);
  } catch (e) {
    if (isApiError(e)) throw e;
    throw badRequest(`Could not download ${url}: ${(e as Error).message}`, path);
  } finally {
    abort.abort(); // ends the connection when the loop stopped early
  }
}
