/**
 * @module service/http/route
 * `route(operationId, handler)`: a Route whose method, path and auth mode come from the
 * contract's operation table, so the service cannot drift from the client.
 */
import { operations, type OperationId } from "../../contract/operations";
import type { Handler, Route } from "./types";

export function route(operation: OperationId, handler: Handler): Route {
  const spec = operations[operation];
  return { method: spec.method, path: spec.path, operation, apiKeyOnly: spec.auth === "api_key", handler };
}
