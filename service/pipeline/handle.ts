/**
 * @module service/pipeline/handle
 * Stage 7: the route's handler, with the validated parts and the shared services.
 */
import { reply } from "../http/reply";
import { profiled } from "../http/response-profile";
import type { RequestContext } from "../kernel";
import type { Stage } from "./call";

export const runHandler: Stage = (call, { svc }) => {
  const { parts, body, who } = call;
  const ctx: RequestContext = {
    ...svc,
    method: call.route!.method, // the route stage matched this method
    path: call.path,
    operation: call.route!.operation,
    params: parts!.params,
    query: parts!.query,
    body: parts!.body,
    files: body!.files,
    source: body!.source,
    account: who!.account,
    auth: who!.auth,
    reply,
  };
  const result = call.route!.handler(ctx);
  // The answer in the service's response profile (fields left out or null: D129).
  const profile = svc.options.responseProfile;
  // A synchronous handler's reply is kept at once: no extra turn of the event loop.
  if (result instanceof Promise) {
    return result.then((r) => {
      call.result = profiled(r, profile);
    });
  }
  call.result = profiled(result, profile);
};
