/**
 * @module service/http/writer
 * Replies onto the wire: the error envelope for anything thrown, headers merged, JSON written
 * as one string. Whatever goes wrong while writing fails that request alone, never the process.
 */
import type { ServerResponse } from "node:http";
import type { Reply } from "../kernel";
import { ApiError, isApiError } from "./errors";

/** The envelope of anything thrown; `errorPath: false` leaves error_path out (as every recording does). */
export function errorReply(e: unknown, { errorPath = true }: { errorPath?: boolean } = {}): Reply {
  if (isApiError(e)) return { status: e.status, body: e.toEnvelope(errorPath) };
  // An internal exception still answers with the envelope; tests assert this never happens.
  console.error("[esign-service] internal error:", e);
  return { status: 500, body: new ApiError(500, "unknown", "Internal error in the local service").toEnvelope() };
}

/** The reply's own headers win over `headers`. */
export function withHeaders(r: Reply, headers: Record<string, string>): Reply {
  return { ...r, headers: { ...headers, ...(r.headers ?? {}) } };
}

export function send(res: ServerResponse, r: Reply): void {
  try {
    writeReply(res, r);
  } catch (e) {
    console.error("[esign-service] could not write a reply:", e);
    if (res.headersSent) res.destroy();
    else res.writeHead(500, { "Content-Type": "application/json" }).end(JSON.stringify(new ApiError(500, "unknown", "The local service could not write this reply").toEnvelope()));
  }
}

function writeReply(res: ServerResponse, r: Reply): void {
  if (res.headersSent) return;
  const headers: Record<string, string> = { ...r.headers };
  // A JSON body goes out as the string itself (no intermediate Buffer copy).
  let payload: Buffer | string | undefined;
  if (r.raw) {
    payload = r.raw;
    headers["Content-Type"] = r.contentType ?? "application/octet-stream";
  } else if (r.body !== undefined) {
    payload = JSON.stringify(r.body); // may throw (too large, not serialisable): see send()
    headers["Content-Type"] = "application/json";
  } else if (r.status !== 204) {
    // An empty success is no JSON: recorded as text/html with no bytes (S2 cancel_signature_request.yaml; S15).
    payload = "";
    headers["Content-Type"] = "text/html; charset=utf-8";
  }
  if (payload !== undefined) headers["Content-Length"] = String(typeof payload === "string" ? Buffer.byteLength(payload) : payload.length);
  res.writeHead(r.status, headers);
  res.end(payload);
}
