/**
 * @module service/http/unknown-fields
 * Body parameters an operation does not take are refused as the real service refuses them
 * (D126): 400 `bad_request` "Invalid parameter: <name>", recorded for top-level names
 * (`custom_fields`, `file_urls`, `email_addres`; S20) without `error_path`. Inside an object the
 * message names the key alone, as the one nested report did ("Invalid parameter: 'pin'", a signer
 * key), and `error_path` its dotted path. Which keys each object takes, and the bound on keys kept
 * inside open objects, are the contract's (contract/unknown-keys.ts), shared with the client's
 * pre-flight. Query parameters are not checked (nothing is recorded for them).
 */
import type { z } from "zod";
import { unknownKeyIssue } from "../../contract";
import { ApiError, badRequest } from "./errors";

/** Throws the API's 400 for the first body key `schema` does not take (`value`: form values already coerced). */
export function checkUnknownFields(schema: z.ZodType | undefined, value: unknown): void {
  const issue = unknownKeyIssue(schema, value);
  if (!issue) return;
  if (issue.key === undefined) throw badRequest(`${issue.path}: ${issue.message}`, issue.path);
  throw new ApiError(400, "bad_request", `Invalid parameter: ${issue.key}`, issue.path === issue.key ? undefined : issue.path);
}
