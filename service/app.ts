/**
 * @module service/app
 * createApp(options): the composition root. It builds the shared services (store, clock,
 * accounts, events, outbox), the API pipeline (service/pipeline: route -> auth -> rate limit ->
 * faults -> body -> validate -> handler -> commit) and the control plane (service/control),
 * and returns a request handler that carries this state for tests and main.ts.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { AccountService } from "./accounts/service";
import type { Account } from "./accounts/types";
import { areas as defaultAreas, allRoutes } from "./areas";
import { controlRoutes } from "./control";
import { EventDispatcher } from "./events/dispatcher";
import { MemoryOutbox } from "./events/outbox";
import { Faults } from "./http/faults";
import { RateLimiter } from "./http/rate-limit";
import { RequestLog } from "./http/request-log";
import { Router } from "./http/router";
import type { Area, Clock, Route, ServiceContext } from "./kernel";
import { resolveOptions, type ResolvedOptions, type ServiceOptions } from "./options";
import { dispatch, type RequestHandler } from "./dispatch";
import { ensureStartAccount } from "./start-account";
import { openStore } from "./store";
import type { Store } from "./store/types";
import { Scheduler } from "./scheduler";
import { teamRole } from "./areas/team/model";

export type { RequestHandler } from "./dispatch";

/** The part of an API app the pipeline needs (auth and callbacks). */
interface AppRecordView {
  callback_url: string | null;
  oauth: unknown;
}

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
  const scheduler = new Scheduler(store);
  const svc: ServiceContext = {
    store,
    clock,
    events,
    outbox,
    accounts,
    options: opts,
    schedule: (delayMs, task) => scheduler.schedule(delayMs, () => task(svc)),
  };

  const { account: startAccount, note: startNote } = startAccountOrClose(() => ensureStartAccount(accounts, opts), store);
  store.commit();
  const routes = allRoutes(areaList, opts.responseDialect);
  const rateLimiter = new RateLimiter({ limit: opts.rateLimit, nowMs: clock.nowMs, windowMs: opts.rateLimitWindowMs, model: opts.rateLimitModel, headers: opts.rateLimitHeaders });
  const faults = new Faults();
  const requestLog = new RequestLog();
  const plane = { svc, startAccount, outbox, events, requestLog, faults, rateLimiter, areas: areaList };
  const handler = dispatch({
    api: { svc, router: new Router(routes), rateLimiter, faults, appHasOAuth: (id) => Boolean(apps().get(id)?.oauth), teamRoleOf: (account) => teamRole(store, account) },
    control: new Router(controlRoutes(plane)),
    requestLog,
  });

  const app: App = Object.assign((req: IncomingMessage, res: ServerResponse) => handler(req, res), {
    handler,
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
      await scheduler.close();
      await events.close();
      store.close();
    },
  });
  for (const a of areaList) a.onStart?.(svc);
  store.commit();
  return app;
}

/** A start that cannot have its start account (four keys already) lets go of the data file's lock. */
function startAccountOrClose<T>(start: () => T, store: { close(): void }): T {
  try {
    return start();
  } catch (e) {
    store.close();
    throw e;
  }
}
