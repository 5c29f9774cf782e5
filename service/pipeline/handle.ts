/**
 * @module service/pipeline/handle
 * Stage 7: the route's handler, with the validated parts and the shared services.
 */
import type { Reply } from "../kernel";
import { answered } from "../http/response-profile";
import type { ParsedCall, PipelineDeps } from "./call";

export function runHandler(call: ParsedCall, { svc }: PipelineDeps): Reply | Promise<Reply> {
  const { route, body, who } = call;
  const result = call.run({
    ...svc,
    method: route.method,
    path: call.path,
    operation: route.operation,
    files: body.files,
    source: body.source,
    account: who.account,
    auth: who.auth,
  });
  // The answer in the service's dialect and response profile (fields left out or null: D129).
  const { responseDialect, responseProfile } = svc.options;
  // A synchronous handler's reply is kept at once: no extra turn of the event loop.
  if (result instanceof Promise) return result.then((r) => answered(r, responseDialect, responseProfile));
  return answered(result, responseDialect, responseProfile);
}
