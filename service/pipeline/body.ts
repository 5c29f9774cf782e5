/**
 * @module service/pipeline/body
 * Stage 3: read and parse the body (JSON, multipart or urlencoded; 400 / 413 when it cannot be).
 */
import type { IncomingMessage } from "node:http";
import { parseBody, readBody } from "../http/body";
import type { AuthenticatedCall, PipelineDeps, ReadCall } from "./call";

const NO_BODY = Buffer.alloc(0);

export function readCallBody(call: AuthenticatedCall, { svc }: PipelineDeps): ReadCall | Promise<ReadCall> {
  const parse = (raw: Buffer): ReadCall => Object.assign(call, { body: parseBody(call.req.headers["content-type"], raw) });
  // Most GETs have no body: no promise, no extra turn of the event loop for them.
  if (!hasBody(call.req)) return parse(NO_BODY);
  return readBody(call.req, svc.options.maxBodyBytes).then(parse);
}

/**
 * HTTP/1.1: a request has a body only with Content-Length or Transfer-Encoding (RFC 9112 6.3).
 * Without either (most GETs) there is nothing to wait for; Node drains the rest itself.
 */
export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}
