/**
 * @module service/kernel/reply
 * What the service answers on the wire: a Reply (status, JSON or raw body, headers). A handler
 * of an operation returns the value only (answer.ts); routes outside the contract build a Reply.
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
