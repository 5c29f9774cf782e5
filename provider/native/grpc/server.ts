/**
 * A gRPC server for unary calls on node:http2 (plaintext h2c, as the engine dials plugins):
 * `POST /<service>/<Method>`, one length-prefixed message in, one out, the status in trailers
 * (https://github.com/grpc/grpc/blob/master/doc/PROTOCOL-HTTP2.md). An error is answered
 * trailers-only. This is all the plugin's ResourceProvider needs, and it starts in a fraction
 * of grpc-js's time (DECISIONS D118).
 */
import * as http2 from "http2";

export const STATUS = { OK: 0, UNKNOWN: 2, INVALID_ARGUMENT: 3, UNIMPLEMENTED: 12, INTERNAL: 13 } as const;

/** An error with a gRPC status code, and optionally a google.rpc.Status for `grpc-status-details-bin`. */
export class GrpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly statusDetails?: Buffer,
  ) {
    super(message);
  }
}

/** A unary method: the request message's bytes in, the response's out. */
export type UnaryHandler = (request: Buffer) => Promise<Buffer>;

/** The status of a thrown error, as grpc-js makes it: an integer `code` is kept (with `details`), anything else is UNKNOWN. */
export function statusOf(error: unknown): { code: number; message: string; statusDetails?: Buffer } {
  const e = (error ?? {}) as { code?: unknown; details?: unknown; message?: unknown; statusDetails?: unknown };
  const code = typeof e.code === "number" && Number.isInteger(e.code) ? e.code : STATUS.UNKNOWN;
  const message = code !== STATUS.UNKNOWN && typeof e.details === "string" ? e.details : typeof e.message === "string" ? e.message : "Unknown Error";
  return { code, message, statusDetails: Buffer.isBuffer(e.statusDetails) ? e.statusDetails : undefined };
}

/** grpc-message's percent-encoding: printable ASCII but `%` as is, every other UTF-8 byte as %XX. */
export function percentEncode(message: string): string {
  let out = "";
  for (const byte of Buffer.from(message, "utf8")) out += byte >= 0x20 && byte <= 0x7e && byte !== 0x25 ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  return out;
}

/** The one message of a unary request body (5-byte prefix: compressed flag, big-endian length). */
function unframe(body: Buffer): Buffer {
  if (body.length < 5) throw new GrpcError(STATUS.INTERNAL, "grpc: request has no message");
  if (body[0] !== 0) throw new GrpcError(STATUS.UNIMPLEMENTED, "grpc: compressed messages are not supported");
  const length = body.readUInt32BE(1);
  if (body.length !== 5 + length) throw new GrpcError(STATUS.INTERNAL, "grpc: a unary request must hold exactly one message");
  return body.subarray(5);
}

function frame(message: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.writeUInt32BE(message.length, 1);
  return Buffer.concat([head, message]);
}

const alive = (stream: http2.ServerHttp2Stream) => !stream.destroyed && !stream.closed;

function respondError(stream: http2.ServerHttp2Stream, error: unknown): void {
  if (!alive(stream) || stream.headersSent) return;
  const { code, message, statusDetails } = statusOf(error);
  const headers: http2.OutgoingHttpHeaders = { ":status": 200, "content-type": "application/grpc", "grpc-status": String(code), "grpc-message": percentEncode(message) };
  if (statusDetails) headers["grpc-status-details-bin"] = statusDetails.toString("base64");
  stream.respond(headers, { endStream: true });
}

function respond(stream: http2.ServerHttp2Stream, message: Buffer): void {
  if (!alive(stream)) return;
  stream.respond({ ":status": 200, "content-type": "application/grpc" }, { waitForTrailers: true });
  stream.on("wantTrailers", () => stream.sendTrailers({ "grpc-status": "0", "grpc-message": "" }));
  stream.end(frame(message));
}

function serveStream(service: string, handlers: Record<string, UnaryHandler>, stream: http2.ServerHttp2Stream, headers: http2.IncomingHttpHeaders): void {
  stream.on("error", () => {}); // a reset by the client: nothing to answer
  const contentType = String(headers["content-type"] ?? "");
  if (headers[":method"] !== "POST" || !contentType.startsWith("application/grpc")) {
    stream.respond({ ":status": 415, "content-type": "text/plain" }, { endStream: true });
    return;
  }
  const path = String(headers[":path"] ?? "");
  const handler = path.startsWith(`/${service}/`) ? handlers[path.slice(service.length + 2)] : undefined;
  const chunks: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk));
  stream.on("end", () => {
    if (!handler) return respondError(stream, new GrpcError(STATUS.UNIMPLEMENTED, `The server does not implement the method ${path}`));
    let request: Buffer;
    try {
      request = unframe(Buffer.concat(chunks));
    } catch (error) {
      return respondError(stream, error);
    }
    handler(request).then(
      (response) => respond(stream, response),
      (error) => respondError(stream, error),
    );
  });
}

export interface GrpcServer {
  port: number;
  close(): Promise<void>;
}

/** Serves `handlers` (by method name) as the gRPC service `service` on host:port (0: a free port). */
export function listen(service: string, handlers: Record<string, UnaryHandler>, host = "127.0.0.1", port = 0): Promise<GrpcServer> {
  const server = http2.createServer();
  server.on("stream", (stream, headers) => serveStream(service, handlers, stream, headers));
  server.on("sessionError", () => {}); // a broken connection ends only that connection
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on("session", (session) => {
    sessions.add(session);
    session.on("close", () => sessions.delete(session));
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      const close = () =>
        new Promise<void>((done) => {
          for (const session of sessions) session.destroy();
          server.close(() => done());
        });
      resolve({ port: (server.address() as { port: number }).port, close });
    });
  });
}
