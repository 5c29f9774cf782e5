/**
 * Replays a recorded set (provider/client/record.ts) against a fresh local service and lists
 * where the emulator's answers differ from the recorded ones: status, error name, the
 * response's shape (shape.ts), which of the kept headers are present (D89), and the rate-limit
 * values: the limit, and the reset against the answer's Date (D131).
 *
 * The set is replayed in the order it was recorded (file names sort by time), so the objects a
 * request needs were made by the requests before it, as on the real account; ids the service
 * handed out (client_id, template_id, number, ...) are learnt from each pair of answers and
 * the recorded ids in later requests' paths, queries and bodies are replaced by the emulator's.
 * A recording therefore starts from the account's state it needs: record from an account with
 * nothing in it (what the acceptance account is), or include the requests that made them.
 * File contents are not recorded: each file part is replayed as a stand-in, the repository's
 * two-page example PDF for a PDF, zero bytes of the recorded size otherwise.
 */
import axios from "axios";
import * as fs from "fs";
import * as path from "path";
import type { RecordedExchange } from "../../provider/client/record";
import { startService } from "../../service";
import { UNENFORCED_LIMIT } from "../../service/http/rate-limit";
import { shapeDifferences, shapeOf } from "./shape";

const STAND_IN_PDF = path.resolve(__dirname, "..", "..", "examples", "files", "nda.pdf");
/** Keys whose string values are ids the service hands out (and later requests name). */
const ID_KEY = /(^|_)id$|^number$|^fax_line$/;
/** The kept headers whose presence is compared (provider/client/record.ts keeps these). */
const HEADERS = ["content-type", "date", "x-ratelimit-limit", "x-ratelimit-limit-remaining", "x-ratelimit-remaining", "x-ratelimit-reset", "retry-after"];
/** How far apart (s) the two answers' resets may lie, each read against its own Date: the replay's pace is not the recording's. */
const RESET_TOLERANCE_S = 2;

export interface ExchangeReport {
  file: string;
  request: string;
  differences: string[];
}

/** The recorded exchanges of a directory, in recording order. */
export function loadRecording(dir: string): { file: string; exchange: RecordedExchange }[] {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort();
  return files.map((file) => ({ file, exchange: JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as RecordedExchange }));
}

export async function compareRecording(dir: string): Promise<ExchangeReport[]> {
  const recording = loadRecording(dir);
  if (recording.length === 0) throw new Error(`${dir} holds no recorded exchange (*.json): record one with ESIGN_RECORD=${dir}`);
  // Objects are ready as soon as made: a replay is faster than the recording was. The limit is
  // the recording's (its largest is the standard tier's), so the rate-limit headers compare.
  const svc = await startService({ port: 0, templateProcessingMs: 0, rateLimit: recordedLimit(recording.map((r) => r.exchange)) });
  const http = axios.create({ baseURL: svc.baseUrl, auth: { username: svc.apiKey, password: "" }, validateStatus: () => true, maxRedirects: 0 });
  const ids = new Map<string, string>();
  const reports: ExchangeReport[] = [];
  try {
    for (const { file, exchange } of recording) {
      const swap = <T>(value: T): T => replaceIds(value, ids);
      const url = swap(exchange.path);
      const response = await http.request({ method: exchange.method, url, params: swap(exchange.query), data: requestBody(exchange, swap), responseType: "arraybuffer" });
      const text = Buffer.from(response.data as ArrayBuffer).toString("utf8");
      const json = /json/i.test(String(response.headers["content-type"] ?? ""));
      const body = json && text ? JSON.parse(text) : undefined;
      learnIds(exchange.response.body, body, ids);
      reports.push({ file, request: `${exchange.method} ${exchange.path}`, differences: differences(exchange, response.status, response.headers as Record<string, unknown>, body) });
    }
  } finally {
    await svc.close();
  }
  return reports;
}

function differences(exchange: RecordedExchange, status: number, headers: Record<string, unknown>, body: unknown): string[] {
  const out: string[] = [];
  if (status !== exchange.status) out.push(`status: recorded ${exchange.status}, emulator ${status}`);
  const recordedError = errorName(exchange.response.body);
  const emulatorError = errorName(body);
  if (recordedError !== emulatorError) out.push(`error name: recorded ${recordedError ?? "none"}, emulator ${emulatorError ?? "none"}`);
  for (const name of HEADERS) {
    const recorded = exchange.response.headers[name] !== undefined;
    if (recorded !== (headers[name] !== undefined)) out.push(`header ${name}: ${recorded ? "missing from the emulator's answer" : "only in the emulator's answer"}`);
  }
  out.push(...rateLimitDifferences(exchange.response.headers, headers));
  const mediaType = (value: unknown) =>
    String(value ?? "")
      .split(";")[0]
      .trim()
      .toLowerCase();
  if (exchange.response.headers["content-type"] && headers["content-type"] && mediaType(exchange.response.headers["content-type"]) !== mediaType(headers["content-type"])) {
    out.push(`content-type: recorded ${mediaType(exchange.response.headers["content-type"])}, emulator ${mediaType(headers["content-type"])}`);
  }
  if (exchange.response.body !== undefined || body !== undefined) out.push(...shapeDifferences(shapeOf(exchange.response.body), shapeOf(body)));
  return out;
}

/** The standard tier's limit the recording shows (its largest X-Ratelimit-Limit), if any; none for a local service's unenforced one. */
function recordedLimit(exchanges: RecordedExchange[]): number | undefined {
  const limits = exchanges.map((e) => Number(e.response.headers["x-ratelimit-limit"])).filter((n) => Number.isInteger(n) && n > 0);
  const largest = limits.length ? Math.max(...limits) : undefined;
  return largest === UNENFORCED_LIMIT ? undefined : largest;
}

/**
 * The rate-limit values (D131): the same limit, and the reset as far from the answer's own Date
 * (within RESET_TOLERANCE_S): a window's end and a bucket's "about now" differ here. The
 * remaining count is not compared: it depends on what the account spent before the recording.
 */
function rateLimitDifferences(recorded: Record<string, string>, emulator: Record<string, unknown>): string[] {
  const out: string[] = [];
  const limit = (h: Record<string, unknown>) => (h["x-ratelimit-limit"] === undefined ? undefined : String(h["x-ratelimit-limit"]));
  if (limit(recorded) !== undefined && limit(emulator) !== undefined && limit(recorded) !== limit(emulator)) {
    out.push(`x-ratelimit-limit: recorded ${limit(recorded)}, emulator ${limit(emulator)}`);
  }
  const ahead = (h: Record<string, unknown>) => Number(h["x-ratelimit-reset"]) - Math.floor(Date.parse(String(h["date"])) / 1000);
  const [r, e] = [ahead(recorded), ahead(emulator)];
  if (Number.isFinite(r) && Number.isFinite(e) && Math.abs(r - e) > RESET_TOLERANCE_S) {
    out.push(`x-ratelimit-reset: recorded ${r} s after the answer's Date, emulator ${e} s`);
  }
  return out;
}

function errorName(body: unknown): string | undefined {
  const error = (body as { error?: { error_name?: unknown } } | undefined)?.error;
  return typeof error?.error_name === "string" ? error.error_name : undefined;
}

function requestBody(exchange: RecordedExchange, swap: <T>(value: T) => T): unknown {
  const { request } = exchange;
  if (request.kind === "json") return swap(request.body);
  if (request.kind !== "multipart") return undefined;
  const form = new FormData();
  for (const part of request.parts ?? []) {
    if (part.filename === undefined) {
      form.append(part.field, swap(part.value ?? ""));
      continue;
    }
    const pdf = /pdf/i.test(part.contentType ?? "") || /\.pdf$/i.test(part.filename);
    const bytes = pdf ? fs.readFileSync(STAND_IN_PDF) : Buffer.alloc(part.size ?? 0);
    form.append(part.field, new Blob([new Uint8Array(bytes)], { type: part.contentType || "application/octet-stream" }), part.filename);
  }
  return form;
}

/** Pairs the ids of a recorded answer with the emulator's, walking both alike. */
function learnIds(recorded: unknown, emulator: unknown, ids: Map<string, string>, key = ""): void {
  if (typeof recorded === "string" && typeof emulator === "string") {
    if (ID_KEY.test(key) && recorded.length >= 4 && recorded !== emulator && !ids.has(recorded)) ids.set(recorded, emulator);
    return;
  }
  if (Array.isArray(recorded) && Array.isArray(emulator)) {
    recorded.forEach((item, i) => learnIds(item, emulator[i], ids, key));
    return;
  }
  if (recorded && emulator && typeof recorded === "object" && typeof emulator === "object") {
    for (const [k, item] of Object.entries(recorded)) learnIds(item, (emulator as Record<string, unknown>)[k], ids, k);
  }
}

/** A deep copy with every recorded id (whole or inside a string: a path) replaced by the emulator's. */
function replaceIds<T>(value: T, ids: Map<string, string>): T {
  if (typeof value === "string") {
    let out: string = value;
    for (const [recorded, emulator] of ids) out = out.split(recorded).join(emulator);
    // A path holds ids URL-encoded (a fax number's "+").
    for (const [recorded, emulator] of ids) out = out.split(encodeURIComponent(recorded)).join(encodeURIComponent(emulator));
    return out as T;
  }
  if (Array.isArray(value)) return value.map((item) => replaceIds(item, ids)) as T;
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, item]) => [k, replaceIds(item, ids)])) as T;
  return value;
}
