/**
 * @module service/http/multipart
 * A small, strict multipart/form-data parser (RFC 7578) over a complete Buffer.
 * Text parts become [name, value] pairs; parts with a filename become files.
 * Anything malformed throws a 400 ApiError rather than guessing.
 */
import { badRequest } from "./errors";

export interface MultipartPart {
  name: string;
  filename?: string;
  contentType: string;
  data: Buffer;
}

const MAX_PARTS = 2000;
const MAX_HEADER_BYTES = 16 * 1024;

export function boundaryOf(contentType: string): string {
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const b = m?.[1] ?? m?.[2];
  if (!b || b.length > 200) throw badRequest("multipart/form-data without a valid boundary");
  return b;
}

export function parseMultipart(body: Buffer, boundary: string): MultipartPart[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: MultipartPart[] = [];
  let pos = body.indexOf(delimiter);
  if (pos === -1) throw badRequest("Malformed multipart body: boundary not found");
  for (;;) {
    pos += delimiter.length;
    // "--" after a delimiter closes the body.
    if (body[pos] === 0x2d && body[pos + 1] === 0x2d) return parts;
    while (body[pos] === 0x20 || body[pos] === 0x09) pos++; // transport padding (RFC 2046)
    if (body[pos] === 0x0d && body[pos + 1] === 0x0a) pos += 2;
    else throw badRequest("Malformed multipart body: bad delimiter line");
    const headerEnd = body.indexOf("\r\n\r\n", pos);
    if (headerEnd === -1 || headerEnd - pos > MAX_HEADER_BYTES) throw badRequest("Malformed multipart body: part headers");
    const headers = parseHeaders(body.subarray(pos, headerEnd).toString("utf8"));
    const dataStart = headerEnd + 4;
    const next = body.indexOf(Buffer.concat([Buffer.from("\r\n"), delimiter]), dataStart);
    if (next === -1) throw badRequest("Malformed multipart body: missing closing boundary");
    parts.push(toPart(headers, body.subarray(dataStart, next)));
    if (parts.length > MAX_PARTS) throw badRequest("Too many multipart parts");
    pos = next + 2;
  }
}

function parseHeaders(text: string): Map<string, string> {
  const h = new Map<string, string>();
  for (const line of text.split("\r\n")) {
    const i = line.indexOf(":");
    if (i <= 0) throw badRequest("Malformed multipart body: part header line");
    h.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  return h;
}

function toPart(headers: Map<string, string>, data: Buffer): MultipartPart {
  const disposition = headers.get("content-disposition");
  if (!disposition || !/^form-data\b/i.test(disposition)) throw badRequest("Multipart part without form-data disposition");
  const name = param(disposition, "name");
  if (name === undefined || name === "") throw badRequest("Multipart part without a name");
  const filename = param(disposition, "filename*") ?? param(disposition, "filename");
  return {
    name,
    filename: filename === undefined ? undefined : decodeFilename(filename),
    contentType: headers.get("content-type") ?? (filename === undefined ? "text/plain" : "application/octet-stream"),
    data: Buffer.from(data),
  };
}

/** A parameter of Content-Disposition, quoted or not. */
function param(header: string, key: string): string | undefined {
  const re = new RegExp(`;\\s*${key.replace("*", "\\*")}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;]*))`, "i");
  const m = re.exec(header);
  if (!m) return undefined;
  return m[1] !== undefined ? m[1].replace(/\\(.)/g, "$1") : m[2].trim();
}

/** RFC 5987 `UTF-8''name.pdf` or a plain name. */
function decodeFilename(v: string): string {
  const m = /^utf-8''(.*)$/i.exec(v);
  if (!m) return v;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return m[1];
  }
}
