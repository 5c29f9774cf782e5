/**
 * @module service
 * The local emulator of the e-signature service, for in-process use:
 *
 *   const svc = await startService({ port: 0 });
 *   // svc.baseUrl = "http://127.0.0.1:PORT/v3", svc.apiKey = "devkey"
 *   await svc.close();
 *
 * `createApp(options)` gives the request handler without a listening socket:
 * `http.createServer(createApp({ apiKey: "k" }))` (the app also carries its state: store,
 * request log, outbox, events, startAccount, close()).
 */
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { createApp, type App } from "./app";
import { bindRefusal } from "./bind-guard";
import { resolveOptions, type ServiceOptions } from "./options";
import { registerOwnPort } from "./http/outbound";

export { createApp, type App, type RequestHandler } from "./app";
export type { ServiceOptions, ResolvedOptions } from "./options";
export type { Route, Area, RequestContext, ServiceContext, Reply, UploadedFile } from "./kernel";
export { ApiError, isApiError } from "./http/errors";

export interface RunningService {
  /** http://127.0.0.1:PORT */
  url: string;
  /** url + "/v3" */
  baseUrl: string;
  /** The address actually bound: http://0.0.0.0:PORT with --host 0.0.0.0, else the same as url. */
  listenUrl: string;
  /** API key of the start account. */
  apiKey: string;
  /** account_id of the start account. */
  accountId: string;
  port: number;
  app: App;
  close(): Promise<void>;
}

export async function startService(options: ServiceOptions = {}): Promise<RunningService> {
  // Before createApp: a refused start must not take the data file's lock.
  const refusal = bindRefusal(resolveOptions(options));
  if (refusal) throw new Error(refusal);
  const app = createApp(options);
  const server = http.createServer(app.handler);
  // Node's clients (axios included) subtract 1 s from the announced `Keep-Alive: timeout=`
  // and never reuse a connection announced at 1 s: 5 s (Node's default) keeps them reused.
  server.keepAliveTimeout = 5000;
  const host = app.options.host;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(app.options.port, host, () => resolve());
    });
  } catch (e) {
    await app.close(); // releases the data file's lock
    throw e;
  }
  const port = (server.address() as AddressInfo).port;
  const unregister = registerOwnPort(port);
  // On every interface, clients on this machine still connect through loopback.
  const anyHost = host === "0.0.0.0" || host === "::";
  const bracket = (h: string) => (h.includes(":") ? `[${h}]` : h);
  const shownHost = anyHost ? (host === "::" ? "[::1]" : "127.0.0.1") : bracket(host);
  const url = `http://${shownHost}:${port}`;
  app.svc.publicUrl = url;
  (app.store as { lock?: { publish(url: string): void } }).lock?.publish(url);
  let closed: Promise<void> | undefined;
  return {
    url,
    baseUrl: `${url}/v3`,
    listenUrl: `http://${bracket(host)}:${port}`,
    apiKey: app.options.apiKey, // the key it was started with (the start account may hold others)
    accountId: app.startAccount.account_id,
    port,
    app,
    close() {
      closed ??= new Promise<void>((resolve) => {
        unregister();
        server.close(() => resolve());
        server.closeAllConnections();
      }).then(() => app.close());
      return closed;
    },
  };
}
