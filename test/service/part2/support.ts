/**
 * @module test/service/part2/support
 * HTTP helpers for the part-2 service suites: a service per suite, JSON and multipart calls
 * with the API key, control-plane calls, and the envelope check every error must pass.
 */
import * as assert from "node:assert/strict";
import { startService, type RunningService } from "../../../service";

import type { Res } from "../helpers/api";
export type { Res };

export interface Client {
  svc: RunningService;
  key: string;
  /** JSON (or no) body. */
  call(method: string, path: string, body?: unknown, key?: string): Promise<Res>;
  /** multipart/form-data; values: strings, Buffers (files) or arrays of Buffers (files[i]). */
  form(method: string, path: string, fields: Record<string, unknown>, key?: string): Promise<Res>;
  control(method: string, path: string, body?: unknown): Promise<Res>;
  /** GET an absolute URL handed out by the service (claim URL, report link) against this service. */
  open(url: string, key?: string): Promise<Res>;
  close(): Promise<void>;
}

const auth = (key: string) => "Basic " + Buffer.from(`${key}:`).toString("base64");

async function toRes(r: Response): Promise<Res> {
  const text = await r.text();
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: r.status, body, text, headers: r.headers };
}

export async function startClient(options: Parameters<typeof startService>[0] = {}): Promise<Client> {
  const svc = await startService({ port: 0, ...options });
  const c: Client = {
    svc,
    key: svc.apiKey,
    async call(method, path, body, key = svc.apiKey) {
      const headers: Record<string, string> = { Authorization: auth(key) };
      if (body !== undefined) headers["Content-Type"] = "application/json";
      return toRes(await fetch(svc.baseUrl + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
    },
    async form(method, path, fields, key = svc.apiKey) {
      const fd = new FormData();
      for (const [k, v] of Object.entries(fields)) {
        if (v === undefined) continue;
        if (Buffer.isBuffer(v)) fd.append(k, new Blob([v], { type: "application/pdf" }), `${k}.pdf`);
        else if (Array.isArray(v) && v.every((x) => Buffer.isBuffer(x))) v.forEach((b, i) => fd.append(`${k}[${i}]`, new Blob([b as Buffer], { type: "application/pdf" }), `${k}${i}.pdf`));
        else fd.append(k, typeof v === "string" ? v : JSON.stringify(v));
      }
      return toRes(await fetch(svc.baseUrl + path, { method, headers: { Authorization: auth(key) }, body: fd }));
    },
    async control(method, path, body) {
      return toRes(await fetch(`${svc.url}/_local${path}`, {
        method, headers: body === undefined ? {} : { "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body),
      }));
    },
    async open(url, key = svc.apiKey) {
      const u = new URL(url);
      return toRes(await fetch(svc.url + u.pathname + u.search, { headers: { Authorization: auth(key) } }));
    },
    close: () => svc.close(),
  };
  return c;
}

/** The API's error envelope with the given status (and error_path when given). */
export function assertError(res: Res, status: number, path?: string): void {
  assert.equal(res.status, status, `expected ${status}, got ${res.status}: ${res.text.slice(0, 300)}`);
  assert.equal(typeof res.body?.error?.error_msg, "string", res.text);
  assert.equal(typeof res.body?.error?.error_name, "string", res.text);
  if (path !== undefined) assert.equal(res.body.error.error_path, path, res.text);
}

export function assertOk(res: Res, status = 200): void {
  assert.equal(res.status, status, `expected ${status}, got ${res.status}: ${res.text.slice(0, 500)}`);
}

/** A second account (via the control plane) and its key. */
export async function newAccount(c: Client, body: Record<string, unknown> = {}): Promise<{ account_id: string; api_key: string; email_address: string }> {
  const r = await c.control("POST", "/accounts", body);
  assertOk(r, 201);
  return r.body;
}

/** An API app owned by the given key's account. */
export async function newApp(c: Client, key = c.key): Promise<string> {
  const r = await c.call("POST", "/api_app", { name: "App", domains: ["example.com"] }, key);
  assertOk(r, 201);
  return r.body.api_app.client_id as string;
}

export const inDays = (d: number): number => Math.floor(Date.now() / 1000) + d * 86_400;

/** A sent signature request made out of band: POST /_local/signature_requests. */
export async function seedRequest(c: Client, body: Record<string, unknown> = {}): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const r = await c.control("POST", "/signature_requests", body);
  assertOk(r, 201);
  return r.body.signature_request;
}

/** PATCH /_local/signature_requests/{id}: expires_at (also in the past), signed signatures. */
export async function patchRequest(c: Client, id: string, body: Record<string, unknown>): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const r = await c.control("PATCH", `/signature_requests/${id}`, body);
  assertOk(r);
  return r.body.signature_request;
}

/** GET a binary resource (files_url) of this service with the API key. */
export async function fetchBinary(c: Client, url: string, key = c.key): Promise<{ status: number; data: Buffer; type: string | null }> {
  const u = new URL(url);
  const r = await fetch(c.svc.url + u.pathname + u.search, { headers: { Authorization: auth(key) } });
  return { status: r.status, data: Buffer.from(await r.arrayBuffer()), type: r.headers.get("content-type") };
}
