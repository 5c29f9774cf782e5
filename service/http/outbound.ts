/**
 * @module service/http/outbound
 * Every request the service itself sends (callbacks, `file_urls` downloads) goes through
 * `outboundFetch`, which refuses any URL that reaches the service's own listening address:
 * otherwise an API caller could make the service post to its own control plane
 * (`callback_url=http://127.0.0.1:PORT/_local/reset`) or probe which local ports answer.
 *
 * "Own address" is any port a service of this process listens on (startService registers
 * it), at a loopback, unspecified or local interface address; redirects are followed by hand
 * and each hop is checked. Outbound requests also carry OUTBOUND_HEADER, which the control
 * plane refuses, so a DNS answer that changes between the check and the request cannot
 * get through either.
 */
import { randomBytes } from "node:crypto";
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { networkInterfaces } from "node:os";

export const OUTBOUND_HEADER = "x-esign-local-outbound";
/** Per process, so nobody outside can forge it to get refused, nor learn it. */
export const OUTBOUND_TOKEN = randomBytes(12).toString("hex");

/**
 * How many services of this process listen on each port: module state on purpose (one of the two
 * exceptions test/architecture/module-state.test.ts allows), as "own address" is any service's of
 * the process, whichever service sends.
 */
const ownPorts = new Map<number, number>();
const MAX_REDIRECTS = 5;

/** startService calls this once listening; the returned function unregisters. */
export function registerOwnPort(port: number): () => void {
  ownPorts.set(port, (ownPorts.get(port) ?? 0) + 1);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    const n = (ownPorts.get(port) ?? 1) - 1;
    if (n <= 0) ownPorts.delete(port);
    else ownPorts.set(port, n);
  };
}

export class OutboundRefused extends Error {
  override readonly name = "OutboundRefused";
}

/** fetch() that never reaches the service's own address, also not through a redirect. */
export async function outboundFetch(url: string, init: RequestInit = {}): Promise<Response> {
  let current = url;
  for (let hop = 0; ; hop++) {
    await assertNotOwnAddress(current);
    const headers = new Headers(init.headers);
    headers.set(OUTBOUND_HEADER, OUTBOUND_TOKEN);
    const res = await fetch(current, { ...init, headers, redirect: "manual" });
    const location = res.headers.get("location");
    if (res.status < 300 || res.status >= 400 || !location) return res;
    if (hop >= MAX_REDIRECTS) throw new OutboundRefused(`too many redirects from ${url}`);
    current = new URL(location, current).toString();
    // 303 (and 301/302 after a POST, as browsers do) continue as a GET without a body.
    if (res.status === 303 || ((res.status === 301 || res.status === 302) && init.method && init.method !== "GET")) {
      init = { ...init, method: "GET", body: undefined };
    }
  }
}

async function assertNotOwnAddress(raw: string): Promise<void> {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new OutboundRefused(`${raw.slice(0, 200)} is not a URL`);
  }
  const port = Number(u.port || (u.protocol === "https:" ? 443 : 80));
  if (!ownPorts.has(port)) return;
  const host = u.hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true }).catch(() => [])).map((a) => a.address);
  const local = localAddresses();
  if (addresses.some((a) => isLoopbackOrAny(a) || local.has(a))) {
    throw new OutboundRefused(`${u.origin} is the local service's own address; it never sends requests to itself`);
  }
}

function localAddresses(): Set<string> {
  const out = new Set<string>();
  for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) out.add(a.address);
  return out;
}

function isLoopbackOrAny(a: string): boolean {
  const v4 = a.startsWith("::ffff:") ? a.slice(7) : a;
  return v4.startsWith("127.") || v4 === "0.0.0.0" || a === "::1" || a === "::";
}
