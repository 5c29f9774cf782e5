/**
 * @module service/app
 * createApp(options): the request handler and the state behind it. Pipeline of an API call:
 * route (404 / 405) -> authenticate (401) -> rate limit (429) -> faults -> parse body (400)
 * -> validate with the contract (400) -> handler -> commit the store (fsync) -> respond.
 * Rate-limit headers go on every response; every failure is the error envelope.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { AccountService } from "./accounts/service";
import type { Account } from "./accounts/types";
import { areas as defaultAreas, allRoutes } from "./areas";
import { controlRoutes, type ControlRoute } from "./control";
import { checkControlRequest } from "./control/guard";
import { EventDispatcher } from "./events/dispatcher";
import { MemoryOutbox } from "./events/outbox";
import { authenticate } from "./http/auth";
import { parseBody, readBody } from "./http/body";
import { ApiError, errorForStatus, isApiError } from "./http/errors";
import { Faults, type FaultRule } from "./http/faults";
import { searchPairs, unflatten } from "./http/form";
import { RateLimiter } from "./http/rate-limit";
import { reply } from "./http/reply";
import { RequestLog } from "./http/request-log";
import { Router } from "./http/router";
import type { Area, Clock, HttpMethod, Reply, RequestContext, Route, ServiceContext } from "./http/types";
import { validateParts } from "./http/validate";
import { resolveOptions, type ResolvedOptions, type ServiceOptions } from "./options";
import { openStore } from "./store";
import type { Store } from "./store/types";

/** The part of an API app the pipeline needs (auth and callbacks). */
interface AppRecordView {
  callback_url: string | null;
  oauth: unknown;
}

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

/** The app is itself a request handler (`http.createServer(createApp())`), with its state attached. */
export interface App extends RequestHandler {
  /** The same function as the app itself. */
  handler: RequestHandler;
  options: ResolvedOptions;
  store: Store;
  svc: ServiceContext;
  startAccount: Account;
  /** What the start made of a --data journal whose start account had other keys (main.ts prints it). */
  startNote?: string;
  events: EventDispatcher;
  outbox: MemoryOutbox;
  faults: Faults;
  requestLog: RequestLog;
  rateLimiter: RateLimiter;
  routes: Route[];
  areas: Area[];
  close(): Promise<void>;
}

export function createApp(options: ServiceOptions = {}, areaList: Area[] = defaultAreas): App {
  const opts = resolveOptions(options);
  const store = openStore({ data: opts.data, compactEvery: opts.compactEvery });
  const clock: Clock = { now: () => Math.floor(Date.now() / 1000), nowMs: () => Date.now() };
  const accounts = new AccountService(store, clock.now);
  const apps = () => store.table<AppRecordView>("api_apps");
  const events = new EventDispatcher({
    nowMs: clock.nowMs,
    account: (id) => accounts.byId(id),
    appCallback: (id) => apps().get(id)?.callback_url,
    retryDelaysMs: opts.callbackRetryDelaysMs,
  });
  const outbox = new MemoryOutbox(clock.now);
  const timers = new Set<NodeJS.Timeout>();
  const pendingTasks = new Set<Promise<void>>();
  let closed = false;

  const svc: ServiceContext = {
    store,
    clock,
    events,
    outbox,
    accounts,
    options: opts,
    schedule(delayMs, task) {
      if (closed) return;
      const t = setTimeout(() => {
        timers.delete(t);
        if (closed) return;
        const p = Promise.resolve()
          .then(() => task(svc))
          .catch((e: unknown) => console.error("[esign-service] background task failed:", e))
          .finally(() => store.commit());
        pendingTasks.add(p);
        void p.finally(() => pendingTasks.delete(p));
      }, delayMs);
      timers.add(t);
    },
  };

  const { account: startAccount, note: startNote } = ensureStartAccount(accounts, opts);
  store.commit();
  const routes = allRoutes(areaList);
  const router = new Router(routes);
  const rateLimiter = new RateLimiter(opts.rateLimit, clock.nowMs, opts.rateLimitWindowMs);
  const faults = new Faults();
  const requestLog = new RequestLog();

  // Assigned below, once the pipeline functions exist; the app forwards to it.
  let handle: RequestHandler = () => undefined;
  const app: App = Object.assign((req: IncomingMessage, res: ServerResponse) => handle(req, res), {
    handler: (req: IncomingMessage, res: ServerResponse) => handle(req, res),
    options: opts,
    store,
    svc,
    startAccount,
    startNote,
    events,
    outbox,
    faults,
    requestLog,
    rateLimiter,
    routes,
    areas: areaList,
    async close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await Promise.allSettled([...pendingTasks]);
      await events.close();
      store.close();
    },
  });
  const control = new Router<ControlRoute>(controlRoutes(app));

  async function handleApi(req: IncomingMessage, path: string, query: string): Promise<{ reply: Reply; log: LogBits; drop?: boolean }> {
    const method = (req.method ?? "GET").toUpperCase();
    const log: LogBits = { account_id: null, operation: null, fault: false };
    // Rate-limit headers: the account's once authenticated; the anonymous ones only when a
    // request fails before that (built lazily: most requests never need them).
    let rateHeaders: Record<string, string> | undefined;
    const headersNow = () => (rateHeaders ??= rateLimiter.peek());
    try {
      const match = router.match(method, path);
      if (match.kind === "not_found") throw new ApiError(404, "not_found", `No such endpoint: ${method} /v3${path}`);
      if (match.kind === "method_not_allowed") {
        const e = new ApiError(405, "method_not_allowed", `${method} is not allowed on /v3${path}; use ${match.allowed.join(", ")}`);
        return { reply: withHeaders(errorReply(e), { ...headersNow(), Allow: match.allowed.join(", ") }), log };
      }
      const { route: r, params } = match;
      log.operation = r.operation ?? null;
      const who = authenticate(req.headers.authorization, accounts, {
        apiKeyOnly: r.apiKeyOnly ?? false,
        appHasOAuth: (id) => Boolean(apps().get(id)?.oauth),
      });
      log.account_id = who.account.account_id;
      const rate = rateLimiter.hit(who.account.account_id, r.operation);
      rateHeaders = rate.headers;
      if (!rate.allowed) throw new ApiError(429, "exceeded_rate", "Rate limit exceeded: too many requests this minute");
      const fault = faults.take(method, path);
      if (fault) log.fault = true;
      // An injected 429 may say when to come back, so tests need not wait for the window's end.
      const resetAt = fault?.until !== undefined ? Math.ceil(fault.until / 1000) : fault?.reset_after_s !== undefined ? clock.now() + fault.reset_after_s : undefined;
      if (fault?.status === 429 && resetAt !== undefined) rateHeaders = { ...rateHeaders, "X-RateLimit-Remaining": "0", "X-Ratelimit-Reset": String(resetAt) };
      if (fault && !fault.after) await injectFault(fault);
      const raw = hasBody(req) ? await readBody(req, opts.maxBodyBytes) : NO_BODY;
      const parsed = parseBody(req.headers["content-type"], raw);
      const rawQuery = query === "" ? {} : unflatten(searchPairs(query));
      const parts = r.operation
        ? validateParts(r.operation, { params, query: rawQuery, body: parsed.body }, parsed.source)
        : { params, query: rawQuery, body: parsed.body };
      const ctx: RequestContext = {
        ...svc,
        method: method as HttpMethod,
        path,
        operation: r.operation,
        params: parts.params as Record<string, string>,
        query: parts.query,
        body: parts.body,
        files: parsed.files,
        source: parsed.source,
        account: who.account,
        auth: who.auth,
        reply,
      };
      const result = await r.handler(ctx);
      store.commit(); // durable before the answer goes out
      if (fault?.after) await injectFault(fault); // committed, and then the answer is lost
      return { reply: withHeaders(result, headersNow()), log };
    } catch (e) {
      store.commit(); // whatever was applied in memory is journalled too, so memory and file agree
      if (e === DROP) return { reply: { status: 0 }, log, drop: true };
      return { reply: withHeaders(errorReply(e), headersNow()), log };
    }
  }

  async function handleControl(req: IncomingMessage, path: string, query: string): Promise<Reply> {
    try {
      if (!opts.controlFromAnywhere && !isLoopback(req.socket.remoteAddress)) {
        throw new ApiError(403, "forbidden", "The control plane is only available from loopback");
      }
      checkControlRequest(req, { fromAnywhere: opts.controlFromAnywhere });
      const method = (req.method ?? "GET").toUpperCase();
      const match = control.match(method, path);
      if (match.kind === "not_found") throw new ApiError(404, "not_found", `No such control endpoint: ${method} /_local${path}`);
      if (match.kind === "method_not_allowed") throw new ApiError(405, "method_not_allowed", `${method} not allowed; use ${match.allowed.join(", ")}`);
      const raw = await readBody(req, opts.maxBodyBytes);
      const parsed = parseBody(req.headers["content-type"], raw);
      const result = await match.route.handler({ params: match.params, query: unflatten(searchPairs(query)), body: parsed.body });
      store.commit();
      return result;
    } catch (e) {
      store.commit();
      return errorReply(e);
    }
  }

  handle = (req, res) => {
    const started = Date.now();
    const url = req.url ?? "/";
    const q = url.indexOf("?");
    const pathname = q === -1 ? url : url.slice(0, q);
    const query = q === -1 ? "" : url.slice(q + 1);
    if (pathname === "/_local" || pathname.startsWith("/_local/")) {
      void handleControl(req, pathname.slice("/_local".length) || "/", query).then((r) => send(res, r));
      return;
    }
    if (!pathname.startsWith("/v3/")) {
      send(res, withHeaders(errorReply(new ApiError(404, "not_found", `No such endpoint: ${pathname.slice(0, 200)} (the API lives under /v3)`)), rateLimiter.peek()));
      return;
    }
    const seq = requestLog.nextSeq();
    void handleApi(req, pathname.slice(3), query).then(({ reply: r, log, drop }) => {
      if (drop) res.destroy(); // an injected network failure: no answer at all
      else send(res, r);
      const body = r.body as { error?: { error_name?: string } } | undefined;
      requestLog.add({
        seq,
        time: started,
        method: (req.method ?? "GET").toUpperCase(),
        path: pathname,
        status: r.status,
        account_id: log.account_id,
        operation: log.operation,
        error_name: body?.error?.error_name ?? null,
        duration_ms: Date.now() - started,
        fault: log.fault,
      });
      if (opts.verbose) console.error(`[esign-service] ${req.method} ${pathname} -> ${r.status}`);
    });
  };

  for (const a of areaList) a.onStart?.(svc);
  store.commit();
  return app;
}

interface LogBits {
  account_id: string | null;
  operation: string | null;
  fault: boolean;
}

/**
 * The account the service starts with: the one holding `--api-key`, else the journal's start
 * account (by `--email`) with the new key added (its old keys keep working, as a rotation on
 * the real service), else a new account.
 */
function ensureStartAccount(accounts: AccountService, opts: ResolvedOptions): { account: Account; note?: string } {
  const existing = accounts.byApiKey(opts.apiKey);
  if (existing) return { account: existing };
  const byEmail = accounts.byEmail(opts.email);
  if (byEmail) {
    const others = accounts.keysOf(byEmail).length;
    accounts.addKey(byEmail.account_id, opts.apiKey);
    return {
      account: accounts.byId(byEmail.account_id)!,
      note: `the data file's start account ${byEmail.account_id} (${byEmail.email_address}) had other keys: added this one; ` +
        `its ${others} earlier key${others === 1 ? "" : "s"} still work (revoke with DELETE /_local/accounts/${byEmail.account_id}/api_keys/KEY)`,
    };
  }
  return { account: accounts.create({ email_address: opts.email, api_key: opts.apiKey, plan: opts.plan, quotas: opts.quotas, eid: opts.eid }) };
}

function errorReply(e: unknown): Reply {
  if (isApiError(e)) return { status: e.status, body: e.toEnvelope() };
  // An internal exception still answers with the envelope; tests assert this never happens.
  console.error("[esign-service] internal error:", e);
  return { status: 500, body: new ApiError(500, "unknown", "Internal error in the local service").toEnvelope() };
}

function withHeaders(r: Reply, headers: Record<string, string>): Reply {
  return { ...r, headers: { ...headers, ...(r.headers ?? {}) } };
}

/** Writes a reply; whatever goes wrong while writing fails this request alone, never the process. */
function send(res: ServerResponse, r: Reply): void {
  try {
    writeReply(res, r);
  } catch (e) {
    console.error("[esign-service] could not write a reply:", e);
    if (res.headersSent) res.destroy();
    else res.writeHead(500, { "Content-Type": "application/json" }).end(JSON.stringify(new ApiError(500, "unknown", "The local service could not write this reply").toEnvelope()));
  }
}

function writeReply(res: ServerResponse, r: Reply): void {
  if (res.headersSent) return;
  const headers: Record<string, string> = { ...r.headers };
  // A JSON body goes out as the string itself (no intermediate Buffer copy).
  let payload: Buffer | string | undefined;
  if (r.raw) {
    payload = r.raw;
    headers["Content-Type"] = r.contentType ?? "application/octet-stream";
  } else if (r.body !== undefined) {
    payload = JSON.stringify(r.body); // may throw (too large, not serialisable): see send()
    headers["Content-Type"] = "application/json";
  } else if (r.status !== 204) {
    payload = "";
    headers["Content-Type"] = "application/json";
  }
  if (payload !== undefined) headers["Content-Length"] = String(typeof payload === "string" ? Buffer.byteLength(payload) : payload.length);
  res.writeHead(r.status, headers);
  res.end(payload);
}

const NO_BODY = Buffer.alloc(0);

/**
 * HTTP/1.1: a request has a body only with Content-Length or Transfer-Encoding (RFC 9112 6.3).
 * Without either (most GETs) there is nothing to wait for; Node drains the rest itself.
 */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

function isLoopback(addr: string | undefined): boolean {
  return !!addr && (addr === "::1" || addr.startsWith("127.") || addr.startsWith("::ffff:127."));
}

/** Thrown by an injected `drop` fault: the connection is closed without an answer. */
const DROP = Symbol("drop");

/** Delay, then a forced status or a dropped connection (thrown), as the rule says. */
async function injectFault(fault: FaultRule): Promise<void> {
  if (fault.delay_ms) await sleep(fault.delay_ms);
  if (fault.drop) throw DROP;
  if (fault.status) throw errorForStatus(fault.status, fault.error_msg ?? `Injected fault (${fault.status})`, fault.error_name);
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
