/**
 * @module service/http/validate
 * Request validation with the contract (contract), the one source of every rule:
 * the service never restates a limit or an enum. A failure becomes 400 bad_request with
 * error_path = the first issue's dotted path.
 */
import { coerceFormValue, operations, validateRequest, type OperationId, type OperationSpec } from "../../contract";
import type { OperationParts, UntypedParts } from "../kernel";
import { badRequest } from "./errors";
import { checkUnknownFields } from "./unknown-fields";

export type RequestParts = UntypedParts;

export function isOperationId(id: string): id is OperationId {
  return Object.prototype.hasOwnProperty.call(operations, id);
}

/**
 * Validates and returns the coerced request parts, typed as the operation's (the schemas they
 * were just parsed with); throws a 400 ApiError on failure.
 */
export function validateParts<Id extends OperationId>(op: Id, parts: RequestParts, source: "json" | "form"): OperationParts<Id>;
export function validateParts(op: string, parts: RequestParts, source: "json" | "form"): RequestParts;
export function validateParts(op: string, parts: RequestParts, source: "json" | "form"): RequestParts {
  if (!isOperationId(op)) return parts;
  // A parameter the operation does not take is refused before its values are judged, as the real service does.
  const bodySchema = (operations[op] as OperationSpec).body;
  checkUnknownFields(bodySchema, source === "form" && bodySchema ? coerceFormValue(bodySchema, parts.body ?? {}) : parts.body);
  const result = validateRequest(op, parts, { source });
  if (result.ok) {
    const v = result.value;
    // Params the operation does not declare come back as {}: keep the router's.
    // Path values stay strings: the contract's params schemas are strings.
    return { params: Object.keys(v.params).length ? (v.params as Record<string, string>) : parts.params, query: v.query, body: v.body };
  }
  // Issue paths name the parameter itself ("signer_roles.0.name"), as the API's error_path does.
  const path = result.issues[0]?.path ?? "";
  const msg = result.issues
    .slice(0, 5)
    .map((i) => (i.path ? `${i.path}: ${i.message}` : i.message))
    .join("; ");
  throw badRequest(msg || "Invalid request", path || undefined);
}
