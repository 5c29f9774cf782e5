/**
 * @module service/http/body
 * Reads a request body and turns it into `{ body, files, source }` for JSON, multipart and
 * urlencoded requests. Files stay in `files` and are also placed into the body in the
 * contract's FileUpload shape (`files: [{filename, content}]`, `custom_logo_file: {...}`)
 * so the contract can check them like any other field.
 */
import type { IncomingMessage } from "node:http";
import { ApiError, badRequest } from "./errors";
import { parseFieldName, searchPairs, unflatten } from "./form";
import { looksLikeJson, nestedDeeperThan } from "./json-depth";
import { MAX_JSON_DEPTH, MAX_STRUCTURED_BYTES } from "./limits";
import { boundaryOf, parseMultipart } from "./multipart";
import type { UploadedFile } from "../kernel";

export interface ParsedBody {
  body: Record<string, unknown>;
  files: UploadedFile[];
  source: "json" | "form";
}

export function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on("data", (c: Buffer) => {
      if (failed) return;
      size += c.length;
      if (size > maxBytes) {
        failed = true;
        reject(new ApiError(413, "bad_request", `Request body larger than ${maxBytes} bytes`));
        return;
      }
      chunks.push(c);
    });
    req.on("end", () => failed || resolve(Buffer.concat(chunks)));
    req.on("error", (e) => failed || reject(badRequest(`Could not read the request body: ${e.message}`)));
  });
}

export function parseBody(contentType: string | undefined, raw: Buffer): ParsedBody {
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (type === "multipart/form-data") return parseForm(raw, contentType!);
  // Only multipart bodies carry files; everything else is structured data, bounded tighter.
  if (raw.length > MAX_STRUCTURED_BYTES) {
    throw new ApiError(413, "bad_request", `A ${type || "JSON"} body may be at most ${MAX_STRUCTURED_BYTES} bytes (files go in multipart/form-data)`);
  }
  if (type === "application/x-www-form-urlencoded") return formResult(searchPairs(raw.toString("utf8")), []);
  if (raw.length === 0 || raw.toString("utf8").trim() === "") return { body: {}, files: [], source: "json" };
  if (type === "application/json" || type.endsWith("+json") || type === "") return { body: parseJson(raw), files: [], source: "json" };
  throw badRequest(`Unsupported Content-Type ${type}: send application/json, multipart/form-data or application/x-www-form-urlencoded`);
}

function parseJson(raw: Buffer): Record<string, unknown> {
  const text = raw.toString("utf8");
  if (nestedDeeperThan(text)) throw badRequest(`The JSON body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw badRequest(`Malformed JSON body: ${(e as Error).message}`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw badRequest("The JSON body must be an object");
  const problem = shapeProblem(value);
  if (problem) throw badRequest(problem);
  return value as Record<string, unknown>;
}

/** Rejects `__proto__` keys (prototype pollution) and absurd nesting. */
function shapeProblem(v: unknown, depth = 0): string | undefined {
  if (depth > MAX_JSON_DEPTH) return `The JSON body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;
  if (typeof v !== "object" || v === null) return undefined;
  const children = Array.isArray(v) ? v : Object.values(v);
  if (!Array.isArray(v) && Object.keys(v).includes("__proto__")) return "Forbidden key __proto__ in JSON body";
  for (const c of children) {
    const p = shapeProblem(c, depth + 1);
    if (p) return p;
  }
  return undefined;
}

function parseForm(raw: Buffer, contentType: string): ParsedBody {
  const parts = parseMultipart(raw, boundaryOf(contentType));
  const pairs: [string, string][] = [];
  const files: UploadedFile[] = [];
  const perField = new Map<string, number>();
  let textBytes = 0;
  for (const p of parts) {
    if (p.filename === "" && p.data.length === 0) continue; // an empty file input, as browsers send it
    if (p.filename === undefined) {
      textBytes += p.data.length;
      if (textBytes > MAX_STRUCTURED_BYTES) {
        throw new ApiError(413, "bad_request", `The text fields of a multipart body may be at most ${MAX_STRUCTURED_BYTES} bytes`);
      }
      pairs.push([p.name, p.data.toString("utf8")]);
      continue;
    }
    const name = parseFieldName(p.name);
    if (!name || name.length > 2) throw badRequest(`Malformed file field name: ${p.name.slice(0, 100)}`);
    const sameField = perField.get(name[0]) ?? 0;
    perField.set(name[0], sameField + 1);
    const index = name.length === 2 && /^\d+$/.test(name[1]) ? Number(name[1]) : sameField;
    files.push({ field: name[0], index, filename: p.filename, contentType: p.contentType, data: p.data });
  }
  const { body } = formResult(pairs, files);
  for (const field of new Set(files.map((f) => f.field))) {
    if (field in body) throw badRequest(`${field} given both as a file and as a field`, field);
    const group = files.filter((f) => f.field === field).sort((a, b) => a.index - b.index);
    const uploads = group.map((f) => ({ filename: f.filename, content: f.data, contentType: f.contentType }));
    // Singular file fields (custom_logo_file, file) hold one upload; indexed ones an array.
    const indexed = parts.some((p) => p.filename !== undefined && p.name.startsWith(`${field}[`));
    body[field] = indexed || field === "files" || uploads.length > 1 ? uploads : uploads[0];
  }
  return { body, files, source: "form" };
}

/** Unflattens form pairs; a value that is JSON (parsed later by the contract) gets the depth rule too. */
function formResult(pairs: [string, string][], files: UploadedFile[]): ParsedBody {
  for (const [name, value] of pairs) {
    if (looksLikeJson(value) && nestedDeeperThan(value)) {
      const field = name.slice(0, 100);
      throw badRequest(`${field}: JSON nested too deeply (at most ${MAX_JSON_DEPTH} levels)`, field);
    }
  }
  return { body: unflatten(pairs), files, source: "form" };
}
