/**
 * @module service/http/route
 * `route(operationId, handler)`: a Route whose method, path and auth mode come from the
 * contract's operation table, so the service cannot drift from the client, and whose handler
 * sees params, query and body typed as the contract's ParamsOf/QueryOf/BodyOf of that operation
 * (hono's validator idea, with our contract as the schema).
 */
import { operations, type OperationId } from "../../contract/operations";
import type { Handler, Route } from "../kernel";

export function route<Id extends OperationId>(operation: Id, handler: Handler<Id>): Route {
  const spec = operations[operation];
  // The one place the typed handler meets the pipeline's untyped parts: the validate stage
  // checks them with this same operation before the handler runs.
  return { method: spec.method, path: spec.path, operation, apiKeyOnly: spec.auth === "api_key", handler: handler as unknown as Handler };
}
