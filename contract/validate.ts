/**
 * validate(schema, value) and validateRequest(operationId, request, {source}): zod parsing
 * turned into `{ ok, value } | { ok: false, issues: { path, message }[] }` with dotted paths
 * and messages that name the rule. Shared by the provider's check, the client's pre-flight
 * and the service's 400.
 */
import { z } from "zod";
import { coerceFormValue } from "./coerce";
import { unknownKeyIssue } from "./unknown-keys";
import { operations, type OperationId } from "./operations";
import type { OperationSpec } from "./operation-types";

export interface ValidationIssue {
  /** Dotted path of the offending field, e.g. `signer_roles.0.name`; "" for the whole value. */
  path: string;
  /** The rule that failed, e.g. "at most 10 items". */
  message: string;
}

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; issues: ValidationIssue[] };

const UNION_DEFAULT = "does not match any allowed form";

const ARTICLE: Record<string, string> = { array: "an array", object: "an object", integer: "an integer", int: "an integer" };

/** Default messages for issues the schemas do not word themselves. */
const errorMap: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === "invalid_type") {
    if (issue.input === undefined) return "is required";
    return `must be ${ARTICLE[issue.expected] ?? `a ${issue.expected}`}`;
  }
  if (issue.code === "unrecognized_keys") return `unknown key(s): ${issue.keys.join(", ")}`;
  if (issue.code === "invalid_union") return UNION_DEFAULT;
  return undefined;
};

/**
 * Flattens zod issues to dotted paths. A union without its own message (e.g. "an object, or ""
 * to clear") reports the issues of the one branch whose type matched, so the rule is named.
 */
function flatten(issue: z.core.$ZodIssue, prefix: PropertyKey[]): ValidationIssue[] {
  const path = [...prefix, ...issue.path];
  if (issue.code === "invalid_union" && issue.message === UNION_DEFAULT) {
    const typed = issue.errors.filter((branch) => !branch.some((inner) => inner.path.length === 0 && (inner.code === "invalid_type" || inner.code === "invalid_value")));
    if (typed.length === 1) return typed[0].flatMap((inner) => flatten(inner, path));
  }
  return [{ path: path.map(String).join("."), message: issue.message }];
}

export function toIssues(error: z.ZodError): ValidationIssue[] {
  return error.issues.flatMap((issue) => flatten(issue, []));
}

export function validate<S extends z.ZodType>(schema: S, value: unknown): ValidationResult<z.output<S>> {
  const result = schema.safeParse(value, { error: errorMap });
  return result.success ? { ok: true, value: result.data } : { ok: false, issues: toIssues(result.error) };
}

export interface RequestParts {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

export interface ValidateRequestOptions {
  /** "form": the body came as multipart/urlencoded strings and is coerced first. Default "json". */
  source?: "json" | "form";
}

export interface ValidatedRequest {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
}

/**
 * Validates a whole request of `operationId`. Path and query values are always coerced from
 * strings (they arrive as text); the body only when `source` is "form". Parts the operation
 * does not declare come back as {}.
 */
export function validateRequest(operationId: OperationId, request: RequestParts, options: ValidateRequestOptions = {}): ValidationResult<ValidatedRequest> {
  const spec: OperationSpec = operations[operationId];
  if (!spec) return { ok: false, issues: [{ path: "", message: `unknown operation ${String(operationId)}` }] };
  const issues: ValidationIssue[] = [];
  const check = (schema: z.ZodType | undefined, value: unknown, coerce: boolean, keys = false): Record<string, unknown> => {
    if (keys) {
      // A body key the operation does not take is refused by the service (D126): say so before sending, not drop it.
      const unknown = unknownKeyIssue(schema, schema && coerce ? coerceFormValue(schema, value ?? {}) : value);
      if (unknown) issues.push({ path: unknown.path, message: unknown.message });
    }
    if (!schema) return {};
    const input = coerce ? coerceFormValue(schema, value ?? {}) : (value ?? {});
    const result = validate(schema, input);
    if (result.ok) return result.value as Record<string, unknown>;
    issues.push(...result.issues);
    return {};
  };
  const value: ValidatedRequest = {
    params: check(spec.params, request.params, true),
    query: check(spec.query, request.query, true),
    body: check(spec.body, request.body, options.source === "form", true),
  };
  return issues.length === 0 ? { ok: true, value } : { ok: false, issues };
}
