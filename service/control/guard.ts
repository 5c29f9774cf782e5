/**
 * @module service/control/guard
 * Who may use the control plane (/_local/): it hands out every account's API key and can
 * wipe everything, so besides coming from loopback (app.ts) a request must
 * - name a loopback Host (127.0.0.1, localhost, [::1], any port): a DNS-rebinding web page
 *   reaches 127.0.0.1 under its own host name and is refused;
 * - for a change (POST, PUT, PATCH, DELETE): carry a JSON Content-Type when it has a body,
 *   and no cross-site Origin or Sec-Fetch-Site: a plain HTML form (urlencoded, multipart,
 *   text/plain) or a no-cors fetch from a web page is refused (CSRF);
 * - not be one of the service's own outbound requests (callbacks, file_urls downloads).
 */
import type { IncomingMessage } from "node:http";
import { ApiError } from "../http/errors";
import { OUTBOUND_HEADER, OUTBOUND_TOKEN } from "../http/outbound";

const LOOPBACK_HOST = /^(?:127\.0\.0\.1|localhost|\[::1\])(?::\d{1,5})?$/i;
const LOOPBACK_ORIGIN = /^https?:\/\/(?:127\.0\.0\.1|localhost|\[::1\])(?::\d{1,5})?$/i;
const forbidden = (msg: string) => new ApiError(403, "forbidden", msg);

/** Throws a 403 ApiError naming the rule the request breaks. */
export function checkControlRequest(req: IncomingMessage, opts: { fromAnywhere: boolean }): void {
  if (req.headers[OUTBOUND_HEADER] === OUTBOUND_TOKEN) {
    throw forbidden("The control plane does not answer the service's own callbacks or downloads");
  }
  if (opts.fromAnywhere) return;
  const host = req.headers.host ?? "";
  if (!LOOPBACK_HOST.test(host)) {
    throw forbidden(`The control plane answers only a loopback Host (127.0.0.1, localhost or [::1]), not ${JSON.stringify(host.slice(0, 100))}`);
  }
  const method = (req.method ?? "GET").toUpperCase();
  if (method === "GET" || method === "HEAD") return;
  const origin = req.headers.origin;
  if (origin !== undefined && !LOOPBACK_ORIGIN.test(origin)) {
    throw forbidden(`The control plane refuses changes from a web page (Origin ${JSON.stringify(origin.slice(0, 100))})`);
  }
  const site = req.headers["sec-fetch-site"];
  if (site === "cross-site" || site === "same-site") throw forbidden(`The control plane refuses changes from a web page (Sec-Fetch-Site ${site})`);
  const type = (req.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
  const hasBody = Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"] !== undefined;
  if ((hasBody || type !== "") && type !== "application/json") {
    throw new ApiError(415, "bad_request", `Control plane changes take Content-Type application/json${type ? `, not ${type}` : ""}`);
  }
}
