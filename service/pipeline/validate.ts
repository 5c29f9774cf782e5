/**
 * @module service/pipeline/validate
 * Stage 6: params, query and body checked and coerced with the route's contract operation
 * (400 naming the field); what the handler's types (route()) promise rests on this stage.
 */
import { searchPairs, unflatten } from "../http/form";
import { validateParts } from "../http/validate";
import type { Stage } from "./call";

export const validateCall: Stage = (call) => {
  const { route, params = {}, body } = call;
  const query = call.query === "" ? {} : unflatten(searchPairs(call.query));
  const parts = { params, query, body: body!.body };
  const op: string | undefined = route!.operation; // the untyped overload: the pipeline serves every operation
  call.parts = op ? validateParts(op, parts, body!.source) : parts;
};
