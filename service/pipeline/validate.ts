/**
 * @module service/pipeline/validate
 * Stage 6: params, query and body checked and coerced with the route's contract operation
 * (400 naming the field); the route binds its handler to the typed parts (service/http/route.ts).
 */
import { searchPairs, unflatten } from "../http/form";
import type { ParsedCall, RatedCall } from "./call";

export function validateCall(call: RatedCall): ParsedCall {
  const { route, params, body } = call;
  const query = call.query === "" ? {} : unflatten(searchPairs(call.query));
  return Object.assign(call, { run: route.parse({ params, query, body: body.body }, body.source) });
}
