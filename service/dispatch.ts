/**
 * @module service/dispatch
 * The front door: /_local/... goes to the control plane, /v3/... to the API pipeline (and into
 * the request log), anything else is the API's unknown-URI 404.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { runControlCall } from "./control";
import type { RequestLog } from "./http/request-log";
import type { Router } from "./http/router";
import { send } from "./http/writer";
import type { ControlRoute } from "./kernel";
import { outsideApi, runApiCall, type PipelineDeps } from "./pipeline";

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface Entrances {
  api: PipelineDeps;
  control: Router<ControlRoute>;
  requestLog: RequestLog;
}

export function dispatch({ api, control, requestLog }: Entrances): RequestHandler {
  return (req, res) => {
    const started = Date.now();
    const url = req.url ?? "/";
    const q = url.indexOf("?");
    const pathname = q === -1 ? url : url.slice(0, q);
    const query = q === -1 ? "" : url.slice(q + 1);
    if (pathname === "/_local" || pathname.startsWith("/_local/")) {
      void runControlCall(req, pathname.slice("/_local".length) || "/", query, api.svc, control).then((r) => send(res, r));
      return;
    }
    if (!pathname.startsWith("/v3/")) {
      send(res, outsideApi(req, api));
      return;
    }
    const seq = requestLog.nextSeq();
    void runApiCall(req, pathname.slice(3), query, api).then(({ reply: r, log, drop }) => {
      if (drop)
        res.destroy(); // an injected network failure: no answer at all
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
      if (api.svc.options.verbose) console.error(`[esign-service] ${req.method} ${pathname} -> ${r.status}`);
    });
  };
}
