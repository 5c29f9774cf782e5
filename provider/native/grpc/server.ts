/**
 * A gRPC server for unary calls on node:http2 (plaintext h2c, as the engine dials plugins):
 * `POST /<service>/<Method>`, one length-prefixed message in, one out, the status in trailers
 * (https://github.com/grpc/grpc/blob/master/doc/PROTOCOL-HTTP2.md). An error is answered
 * trailers-only. This is all the plugin's ResourceProvider needs, and it starts in a fraction
 * of grpc-js's time (DECISIONS D118). Its limits are grpc-js's and Pulumi's (D136): headers
 * and session memory unbounded on send, 400 MiB a message, a bounded number of streams at once.
 */
import * as http2 from "http2";

export const STATUS = { OK: 0, UNKNOWN: 2, INVALID_ARGUMENT: 3, RESOURCE_EXHAUSTED: 8, UNIMPLEMENTED: 12, INTERNAL: 13 } as const;

/** The largest message received, as Pulumi's: the engine's rpcutil and the SDK's providers take 400 MiB (maxRPCMessageSize). */
export const MAX_RECEIVE_BYTES = 400 * 1024 * 1024;
/**
 * The engine (grpc-go) takes a header list of 16 MiB (defaultClientMaxHeaderListSize); an error's
 * trailers stay well under it: grpc-message at most 2 MiB once percent-encoded, the details
 * (grpc-status-details-bin) at most 4 MiB before base64 (5.4 after).
 */
export const MAX_STATUS_MESSAGE_BYTES = 2 * 1024 * 1024;
export const MAX_DETAILS_BYTES = 4 * 1024 * 1024;
/**
 * Streams at once on one connection (SETTINGS_MAX_CONCURRENT_STREAMS; Node's default is
 * unbounded): a client past it waits for a stream to end (grpc-go and grpc-js queue the call),
 * so this bounds the plugin's memory and the service's load, never fails a call.
 */
export const MAX_CONCURRENT_STREAMS = 256;

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

/** A field of a thrown value, when it is an object (anything may be thrown). */
export const fieldOf = (thrown: unknown, key: string): unknown => (typeof thrown === "object" && thrown !== null ? Reflect.get(thrown, key) : undefined);

/** The status of a thrown error, as grpc-js makes it: an integer `code` is kept (with `details`), anything else is UNKNOWN. */
export function statusOf(error: unknown): { code: number; message: string; statusDetails?: Buffer } {
  const [given, details, text, statusDetails] = ["code", "details", "message", "statusDetails"].map((k) => fieldOf(error, k));
  const code = typeof given === "number" && Number.isInteger(given) ? given : STATUS.UNKNOWN;
  const message = code !== STATUS.UNKNOWN && typeof details === "string" ? details : typeof text === "string" ? text : "Unknown Error";
  return { code, message, statusDetails: Buffer.isBuffer(statusDetails) ? statusDetails : undefined };
}

/** grpc-message's percent-encoding: printable ASCII but `%` as is, every other UTF-8 byte as %XX. */
export function percentEncode(message: string): string {
  let out = "";
  for (const byte of Buffer.from(message, "utf8")) out += byte >= 0x20 && byte <= 0x7e && byte !== 0x25 ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  return out;
}

/** A character's length in grpc-message (percentEncode). */
const encodedLength = (ch: string): number => {
  const code = ch.codePointAt(0)!;
  return code >= 0x20 && code <= 0x7e && code !== 0x25 ? 1 : 3 * Buffer.byteLength(ch, "utf8");
};

/**
 * A message whose grpc-message is at most `limit` bytes: a longer one is cut at a character and
 * says how long it was (the start of an error says what failed; its end is mostly a dump).
 */
export function fitMessage(message: string, limit = MAX_STATUS_MESSAGE_BYTES): string {
  const bytes = Buffer.byteLength(message, "utf8");
  if (bytes * 3 <= limit) return message;
  const note = ` ... [cut: the message was ${bytes} bytes]`;
  let size = 0;
  let end = 0;
  for (const ch of message) {
    size += encodedLength(ch);
    if (size > limit - note.length) break;
    end += ch.length;
  }
  return end === message.length ? message : message.slice(0, end) + note;
}

const frame = (message: Buffer): Buffer => {
  const head = Buffer.alloc(5);
  head.writeUInt32BE(message.length, 1);
  return Buffer.concat([head, message]);
};

const alive = (stream: http2.ServerHttp2Stream) => !stream.destroyed && !stream.closed;

function respondError(stream: http2.ServerHttp2Stream, error: unknown): void {
  if (!alive(stream)) return;
  if (stream.headersSent) {
    // The answer was on its way when it failed: end the call rather than leave the client waiting.
    stream.close(http2.constants.NGHTTP2_INTERNAL_ERROR);
    return;
  }
  const { code, message, statusDetails } = statusOf(error);
  const headers: http2.OutgoingHttpHeaders = { ":status": 200, "content-type": "application/grpc", "grpc-status": String(code), "grpc-message": percentEncode(fitMessage(message)) };
  // resourceError (resource-provider.ts) keeps a partial failure's details within the bound.
  if (statusDetails && statusDetails.length <= MAX_DETAILS_BYTES) headers["grpc-status-details-bin"] = statusDetails.toString("base64");
  stream.respond(headers, { endStream: true });
}

function respond(stream: http2.ServerHttp2Stream, message: Buffer): void {
  if (!alive(stream)) return;
  const body = frame(message); // before the headers: a handler's bad answer is still an error status
  stream.respond({ ":status": 200, "content-type": "application/grpc" }, { waitForTrailers: true });
  stream.once("wantTrailers", () => stream.sendTrailers({ "grpc-status": "0", "grpc-message": "" }));
  stream.end(body);
}

/**
 * The one message of a unary request, as it arrives: refused (RESOURCE_EXHAUSTED, as grpc-js
 * words it) as soon as its length prefix says it is over `maxBytes`, and not kept after that.
 */
function receive(stream: http2.ServerHttp2Stream, maxBytes: number, onMessage: (message: Buffer) => void, onError: (error: GrpcError) => void): void {
  let chunks: Buffer[] = [];
  let received = 0;
  let refused = false;
  const refuse = (error: GrpcError) => {
    refused = true;
    chunks = [];
    onError(error);
  };
  stream.on("data", (chunk: Buffer) => {
    if (refused) return;
    chunks.push(chunk);
    received += chunk.length;
    if (received < 5) return;
    if (chunks.length > 1 && chunks[0].length < 5) chunks = [Buffer.concat(chunks)];
    const head = chunks[0];
    if (head[0] !== 0) return refuse(new GrpcError(STATUS.UNIMPLEMENTED, "grpc: compressed messages are not supported"));
    const length = head.readUInt32BE(1);
    if (length > maxBytes) return refuse(new GrpcError(STATUS.RESOURCE_EXHAUSTED, `Received message larger than max (${length} vs. ${maxBytes})`));
    if (received > 5 + length) refuse(new GrpcError(STATUS.INTERNAL, "grpc: a unary request must hold exactly one message"));
  });
  stream.on("close", () => (chunks = [])); // a cancelled call keeps nothing
  stream.on("end", () => {
    if (refused) return;
    const body = Buffer.concat(chunks);
    chunks = [];
    if (body.length < 5) return onError(new GrpcError(STATUS.INTERNAL, "grpc: request has no message"));
    if (body.length !== 5 + body.readUInt32BE(1)) return onError(new GrpcError(STATUS.INTERNAL, "grpc: a unary request must hold exactly one message"));
    onMessage(body.subarray(5));
  });
}

export interface ServeOptions {
  host?: string;
  /** 0: a free port. */
  port?: number;
  maxReceiveBytes?: number;
  maxConcurrentStreams?: number;
}

function serveStream(prefix: string, handlers: ReadonlyMap<string, UnaryHandler>, maxReceiveBytes: number, stream: http2.ServerHttp2Stream, headers: http2.IncomingHttpHeaders): void {
  stream.on("error", () => {}); // a reset by the client: nothing to answer
  const contentType = String(headers["content-type"] ?? "");
  if (headers[":method"] !== "POST" || !contentType.startsWith("application/grpc")) {
    stream.respond({ ":status": 415, "content-type": "text/plain" }, { endStream: true });
    return;
  }
  const path = String(headers[":path"] ?? "");
  // A Map, not the handlers' object: `/constructor` or `/__proto__` is a method like any other not served.
  const handler = path.startsWith(prefix) ? handlers.get(path.slice(prefix.length)) : undefined;
  receive(
    stream,
    maxReceiveBytes,
    (request) => {
      if (!handler) return respondError(stream, new GrpcError(STATUS.UNIMPLEMENTED, `The server does not implement the method ${path}`));
      // A handler that throws, synchronously or not, is answered: never an error out of the stream's events.
      new Promise<Buffer>((resolve) => resolve(handler(request))).then(
        (response) => guarded(stream, () => respond(stream, response)),
        (error) => guarded(stream, () => respondError(stream, error)),
      );
    },
    (error) => guarded(stream, () => respondError(stream, error)),
  );
}

/** Runs `answer`; if answering itself fails, the call ends with INTERNAL (or a reset, its headers sent). */
function guarded(stream: http2.ServerHttp2Stream, answer: () => void): void {
  try {
    answer();
  } catch (error) {
    try {
      respondError(stream, new GrpcError(STATUS.INTERNAL, `grpc: could not answer: ${fieldOf(error, "message") ?? error}`));
    } catch {
      if (!stream.destroyed) stream.destroy();
    }
  }
}

export interface GrpcServer {
  port: number;
  close(): Promise<void>;
}

/** Serves `handlers` (by method name) as the gRPC service `service` (127.0.0.1 and a free port unless told). */
export function listen(service: string, handlers: Record<string, UnaryHandler>, options: ServeOptions = {}): Promise<GrpcServer> {
  const { host = "127.0.0.1", port = 0, maxReceiveBytes = MAX_RECEIVE_BYTES, maxConcurrentStreams = MAX_CONCURRENT_STREAMS } = options;
  const server = http2.createServer({
    // As grpc-js's server: a long error message or a partial failure's details fit in the
    // trailers (Node refuses a header block over 64 KiB by default), and no session memory
    // limit (Node's behaviour degrades badly when it is reached).
    maxSendHeaderBlockLength: Number.MAX_SAFE_INTEGER,
    maxSessionMemory: Number.MAX_SAFE_INTEGER,
    settings: { maxConcurrentStreams },
  });
  const table = new Map(Object.entries(handlers));
  const prefix = `/${service}/`;
  server.on("stream", (stream, headers) => guarded(stream, () => serveStream(prefix, table, maxReceiveBytes, stream, headers)));
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
      const address = server.address(); // a TCP server's: an AddressInfo
      resolve({ port: typeof address === "object" && address !== null ? address.port : port, close });
    });
  });
}
