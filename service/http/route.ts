/**
 * @module service/http/route
 * Routes: `route(operationId, handler)` takes method, path and auth mode from the contract's
 * operation table, so the service cannot drift from the client; its handler sees params, query
 * and body typed as the contract's ParamsOf/QueryOf/BodyOf of that operation (hono's validator
 * idea, with our contract as the schema) and returns the value of its response schema, which
 * the envelope wraps. `offContractRoute` does the same for the few API routes the table does
 * not hold (a response spec of their own); `rawRoute` answers a Reply (file downloads).
 */
import { operations, type OperationId, type ResponseSpec } from "../../contract";
import type { Answer, CallContext, Handler, HttpMethod, Prepared, Reply, RequestContext, Route } from "../kernel";
import { checkReply, envelope } from "./envelope";
import { validateParts } from "./validate";

export function route<Id extends OperationId>(operation: Id, handler: Handler<Id>): Route {
  const spec = operations[operation];
  const status = spec.successStatus[0];
  return {
    method: spec.method,
    path: spec.path,
    operation,
    apiKeyOnly: spec.auth === "api_key",
    parse(raw, source) {
      const parts = validateParts(operation, raw, source);
      return (ctx) =>
        // The context is the call's own (pipeline/handle.ts builds it per call): the parts join it in place.
        settle(handler(Object.assign(ctx, parts)), (answer) => wrapped(operation, spec.response, status, ctx, answer));
    },
  };
}

/** An API route outside the operation table whose answer is still wrapped by a response spec. */
export function offContractRoute<R extends ResponseSpec>(spec: RawSpec & { response: R }, handler: (ctx: RequestContext) => Answer<R> | Promise<Answer<R>>): Route {
  const name = `${spec.method} ${spec.path}`;
  return rawRoute(spec, (ctx) => settle(handler(ctx), (answer) => wrapped(name, spec.response, 200, ctx, answer)));
}

/** The answer wrapped as `response` says, and checked against it when the service checks replies. */
function wrapped(name: string, response: ResponseSpec, status: number, ctx: CallContext, answer: unknown): Reply {
  const reply = envelope(response, status, answer);
  if (ctx.options.checkReplies) checkReply(name, response, reply);
  return reply;
}

/** Where a route outside the contract answers. */
interface RawSpec {
  method: HttpMethod;
  path: string;
  /** Fax, fax line and report endpoints accept only the API key (no OAuth bearer). */
  apiKeyOnly?: boolean;
}

/** An API route outside the contract that builds its own Reply (file downloads). */
export function rawRoute({ method, path, apiKeyOnly }: RawSpec, handler: (ctx: RequestContext) => Reply | Promise<Reply>): Route {
  return {
    method,
    path,
    apiKeyOnly,
    parse:
      (raw): Prepared =>
      (ctx: CallContext) =>
        handler(Object.assign(ctx, raw)),
  };
}

/** `then` without a turn of the event loop for a synchronous handler's answer. */
function settle<T>(answer: T | Promise<T>, wrap: (answer: T) => Reply): Reply | Promise<Reply> {
  return answer instanceof Promise ? answer.then(wrap) : wrap(answer);
}
