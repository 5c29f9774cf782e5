/**
 * @module service/kernel/reply
 * What a handler answers with: a Reply (status, JSON or raw body, headers) and the builders
 * every area uses to wrap resources the way the API does.
 */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface Reply {
  status: number;
  /** JSON body; undefined = empty body. */
  body?: unknown;
  /** Raw body (file downloads); takes precedence over body. */
  raw?: Buffer;
  contentType?: string;
  headers?: Record<string, string>;
}

export interface Warning {
  warning_msg: string;
  warning_name: string;
}

export interface ListInfo {
  page: number;
  num_pages: number;
  num_results: number;
  page_size: number;
}

export interface ReplyHelpers {
  /** `{ [key]: value, warnings? }` with status (default 200). */
  json(key: string, value: unknown, opts?: { status?: number; warnings?: Warning[] }): Reply;
  /** `{ list_info, [key]: items, warnings? }`. */
  list(key: string, items: unknown[], listInfo: ListInfo, opts?: { warnings?: Warning[] }): Reply;
  /** Empty body (200 for template delete / team destroy, 204 for api_app delete). */
  empty(status?: number): Reply;
}
