/**
 * Whole response bodies built from the operation table: `{ <key>: resource, warnings? }` or
 * `{ list_info, <key>: [...], warnings? }`. The client parses with these; the service can
 * assert its answers against them.
 */
import { z } from "zod";
import { listInfoSchema, warningsSchema } from "./resources-account";
import type { OperationSpec, ResponseSpec } from "./operation-types";
import { operations, type OperationId } from "./operations";

/** The zod schema of a successful response body of `operationId` (undefined when empty). */
export function responseEnvelope(operationId: OperationId): z.ZodType | undefined {
  const spec: OperationSpec = operations[operationId];
  return envelopeOf(spec.response);
}

/** The zod schema of a whole successful body as `response` describes it (undefined when empty). */
export function envelopeOf(response: ResponseSpec): z.ZodType | undefined {
  if (response.kind === "empty") return undefined;
  if (response.kind === "body") return response.schema;
  if (response.kind === "resource") {
    return z.looseObject({ [response.key]: response.schema, warnings: warningsSchema.optional() });
  }
  const items = z.array(response.schema);
  const keys: Record<string, z.ZodType> = { [response.key]: items.optional() };
  for (const alias of response.aliases ?? []) keys[alias] = items.optional();
  return z
    .looseObject({
      ...keys,
      list_info: response.paginated ? listInfoSchema : listInfoSchema.optional(),
      warnings: warningsSchema.optional(),
    })
    .superRefine((value, ctx) => {
      const names = [response.key, ...(response.aliases ?? [])];
      if (!names.some((name) => Array.isArray((value as Record<string, unknown>)[name]))) {
        ctx.addIssue({ code: "custom", path: [response.key], message: "is required" });
      }
    });
}
