/**
 * Test helpers: a tiny HTTP client for the local service that returns status, headers, raw
 * bytes and parsed body, with Basic/Bearer auth, JSON, urlencoded and multipart bodies; plus
 * the out-of-band set-up the suites share (accounts, apps, sent requests) and the checks
 * every answer must pass.
 */
import * as assert from "node:assert/strict";
import * as http from "node:http";
import { startService, type RunningService } from "../../../service";
import type { ServiceOptions } from "../../../service/options";

export interface Res {
  status: number;
  headers: Headers;
  text: string;
  /** The body's bytes (files_url downloads, CSV reports). */
  data: Buffer;
  body: any;
}

export interface ReqOptions {
  json?: unknown;
  form?: FormData;
  urlencoded?: string;
  raw?: string | Buffer;
  contentType?: string;
  query?: Record<string, string | number | boolean>;
  /** API key; null = no Authorization header. Default: the client's key. */
  key?: string | null;
  token?: string;
  headers?: Record<string, string>;
}

let appNumber = 0;

export class Api {
  constructor(
    readonly svc: RunningService,
    readonly key: string = svc.apiKey,
  ) {}

  as(key: string): Api {
    return new Api(this.svc, key);
  }

  /** API paths go below /v3, control paths below the root; an absolute URL the service handed out keeps its path. */
  private urlOf(path: string): URL {
    if (/^https?:/.test(path)) {
      const u = new URL(path);
      return new URL(`${this.svc.url}${u.pathname}${u.search}`);
    }
    return new URL(path.startsWith("/_local") ? `${this.svc.url}${path}` : `${this.svc.baseUrl}${path}`);
  }

  /** Sends with node:http (not fetch) so that any method may carry any body, as in the fuzz test. */
  async req(method: string, path: string, o: ReqOptions = {}): Promise<Res> {
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    const key = o.key === undefined ? this.key : o.key;
    if (o.token) headers.Authorization = `Bearer ${o.token}`;
    else if (key !== null) headers.Authorization = `Basic ${Buffer.from(`${key}:`).toString("base64")}`;
    let body: Buffer | undefined;
    if (o.json !== undefined) {
      body = Buffer.from(JSON.stringify(o.json));
      headers["Content-Type"] = "application/json";
    } else if (o.form) {
      // Let the platform encode the multipart body, then send its bytes ourselves.
      const enc = new Request("http://local/", { method: "POST", body: o.form });
      body = Buffer.from(await enc.arrayBuffer());
      headers["Content-Type"] = enc.headers.get("content-type")!;
    } else if (o.urlencoded !== undefined) {
      body = Buffer.from(o.urlencoded);
      headers["Content-Type"] = "application/x-www-form-urlencoded";
    } else if (o.raw !== undefined) body = Buffer.from(o.raw);
    if (o.contentType) headers["Content-Type"] = o.contentType;
    const url = this.urlOf(path);
    if (o.query) for (const [k, v] of Object.entries(o.query)) url.searchParams.append(k, String(v));
    return new Promise<Res>((resolve, reject) => {
      const req = http.request(
        { host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers: body ? { ...headers, "Content-Length": String(body.length) } : headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const data = Buffer.concat(chunks);
            const text = data.toString("utf8");
            let parsed: unknown = undefined;
            try {
              parsed = text ? JSON.parse(text) : undefined;
            } catch {
              parsed = undefined;
            }
            const h = new Headers();
            for (const [k, v] of Object.entries(res.headers)) if (typeof v === "string") h.set(k, v);
            resolve({ status: res.statusCode ?? 0, headers: h, text, data, body: parsed });
          });
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  }

  get(path: string, o?: ReqOptions) {
    return this.req("GET", path, o);
  }
  post(path: string, json?: unknown, o: ReqOptions = {}) {
    return this.req("POST", path, { json, ...o });
  }
  put(path: string, json?: unknown, o: ReqOptions = {}) {
    return this.req("PUT", path, { json, ...o });
  }
  del(path: string, json?: unknown, o: ReqOptions = {}) {
    return this.req("DELETE", path, { json, ...o });
  }

  /** multipart/form-data; see formData() for how values are encoded. */
  form(method: string, path: string, fields: Record<string, unknown>, o: ReqOptions = {}) {
    return this.req(method, path, { form: formData(fields), ...o });
  }

  /** GET an absolute URL the service handed out (claim URL, report link, files_url), with this key. */
  open(url: string, o: ReqOptions = {}) {
    return this.req("GET", url, o);
  }

  /** Control plane call (no auth). */
  ctl(method: string, path: string, json?: unknown, query?: Record<string, string | number>): Promise<Res> {
    return this.req(method, `/_local${path}`, { json, key: null, query });
  }

  /** A new account via the control plane, with an Api bound to its key. */
  async newAccount(input: { email_address?: string; plan?: string; quotas?: Record<string, number | null>; eid?: boolean; fax?: boolean } = {}) {
    const r = await this.ctl("POST", "/accounts", input);
    if (r.status !== 201) throw new Error(`account create failed: ${r.text}`);
    return { ...(r.body as { account_id: string; email_address: string; api_key: string }), api: this.as(r.body.api_key) };
  }

  /** An API app owned by this key's account; its client_id. Names are unique per account (as the service wants). */
  async newApp(): Promise<string> {
    const r = await this.post("/api_app", { name: `App ${++appNumber}`, domains: ["example.com"] });
    expectStatus(r, 201);
    return r.body.api_app.client_id as string;
  }

  /** A sent signature request made out of band: POST /_local/signature_requests. */
  async seedRequest(body: Record<string, unknown> = {}): Promise<any> {
    const r = await this.ctl("POST", "/signature_requests", body);
    expectStatus(r, 201);
    return r.body.signature_request;
  }

  /** PATCH /_local/signature_requests/{id}: expires_at (also in the past), signed signatures. */
  async patchRequest(id: string, body: Record<string, unknown>): Promise<any> {
    const r = await this.ctl("PATCH", `/signature_requests/${id}`, body);
    expectStatus(r, 200);
    return r.body.signature_request;
  }
}

/**
 * A FormData from fields: a Buffer is a PDF file part, an array of Buffers is files[0..n],
 * a string is itself, anything else JSON-encoded (as the official SDK sends objects).
 */
export function formData(fields: Record<string, unknown>): FormData {
  const fd = new FormData();
  const file = (b: Buffer) => new Blob([b], { type: "application/pdf" });
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue;
    if (Buffer.isBuffer(v)) fd.append(k, file(v), `${k}.pdf`);
    else if (Array.isArray(v) && v.length > 0 && v.every((x) => Buffer.isBuffer(x))) v.forEach((b, i) => fd.append(`${k}[${i}]`, file(b as Buffer), `${k}${i}.pdf`));
    else fd.append(k, typeof v === "string" ? v : JSON.stringify(v));
  }
  return fd;
}

/** Starts a service for one suite; returns the client and a stop function. */
export async function startForTest(options: ServiceOptions = {}): Promise<{ svc: RunningService; api: Api }> {
  const svc = await startService({ port: 0, templateProcessingMs: 50, callbackRetryDelaysMs: [50, 100], checkReplies: true, ...options });
  return { svc, api: new Api(svc) };
}

export function expectEnvelope(r: Res, status: number, errorName?: string): void {
  if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${r.text}`);
  const e = r.body?.error;
  if (!e || typeof e.error_msg !== "string" || typeof e.error_name !== "string") throw new Error(`not an error envelope: ${r.text}`);
  if (errorName && e.error_name !== errorName) throw new Error(`expected error_name ${errorName}, got ${e.error_name}: ${r.text}`);
}

/** The error envelope whose error_path names the field. */
export function expectErrorAt(r: Res, status: number, errorPath: string): void {
  expectEnvelope(r, status);
  assert.equal(r.body.error.error_path, errorPath, r.text);
}

export function expectStatus(r: Res, status = 200): void {
  if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${r.text.slice(0, 500)}`);
}

/** A Unix time `d` days from now. */
export const inDays = (d: number): number => Math.floor(Date.now() / 1000) + d * 86_400;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `fn` until it returns a truthy value (or throws after `timeoutMs`). */
export async function waitFor<T>(fn: () => Promise<T | undefined | false>, timeoutMs = 5000, what = "condition"): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}
