/**
 * Test helpers: a tiny HTTP client for the local service (fetch based) that returns status,
 * headers and parsed body, with Basic/Bearer auth, JSON, urlencoded and multipart bodies.
 */
import * as http from "node:http";
import { startService, type RunningService } from "../../../service";
import type { ServiceOptions } from "../../../service/options";

export interface Res {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
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

export class Api {
  constructor(
    readonly svc: RunningService,
    readonly key: string = svc.apiKey,
  ) {}

  as(key: string): Api {
    return new Api(this.svc, key);
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
    const qs = o.query ? "?" + new URLSearchParams(Object.entries(o.query).map(([k, v]) => [k, String(v)] as [string, string])).toString() : "";
    const url = new URL(path.startsWith("/_local") ? `${this.svc.url}${path}${qs}` : `${this.svc.baseUrl}${path}${qs}`);
    return new Promise<Res>((resolve, reject) => {
      const req = http.request(
        { host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers: body ? { ...headers, "Content-Length": String(body.length) } : headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            let parsed: unknown = undefined;
            try {
              parsed = text ? JSON.parse(text) : undefined;
            } catch {
              parsed = undefined;
            }
            const h = new Headers();
            for (const [k, v] of Object.entries(res.headers)) if (typeof v === "string") h.set(k, v);
            resolve({ status: res.statusCode ?? 0, headers: h, text, body: parsed });
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

  /** Control plane call (no auth). */
  ctl(method: string, path: string, json?: unknown, query?: Record<string, string | number>): Promise<Res> {
    return this.req(method, `/_local${path}`, { json, key: null, query });
  }

  /** A new account via the control plane, with an Api bound to its key. */
  async newAccount(input: { email_address?: string; plan?: string; quotas?: Record<string, number | null> } = {}) {
    const r = await this.ctl("POST", "/accounts", input);
    if (r.status !== 201) throw new Error(`account create failed: ${r.text}`);
    return { ...(r.body as { account_id: string; email_address: string; api_key: string }), api: this.as(r.body.api_key) };
  }
}

/** Starts a service for one suite; returns the client and a stop function. */
export async function startForTest(options: ServiceOptions = {}): Promise<{ svc: RunningService; api: Api }> {
  const svc = await startService({ port: 0, templateProcessingMs: 50, callbackRetryDelaysMs: [50, 100], ...options });
  return { svc, api: new Api(svc) };
}

export function expectEnvelope(r: Res, status: number, errorName?: string): void {
  if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${r.text}`);
  const e = r.body?.error;
  if (!e || typeof e.error_msg !== "string" || typeof e.error_name !== "string") throw new Error(`not an error envelope: ${r.text}`);
  if (errorName && e.error_name !== errorName) throw new Error(`expected error_name ${errorName}, got ${e.error_name}: ${r.text}`);
}

export function expectStatus(r: Res, status: number): void {
  if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${r.text}`);
}

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
