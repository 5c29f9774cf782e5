/**
 * @module service/control/parse
 * A control route's body or query parsed with its zod schema; a failure is the service's
 * 400 envelope whose error_path names the field (an unknown key names that key) and whose
 * message is one line: the field and the rule.
 */
import type { z } from "zod";
import { badRequest } from "../http/errors";

const ARTICLE: Record<string, string> = { array: "an array", object: "an object", integer: "an integer", int: "an integer" };

/** Rule phrases for issues a schema does not word itself; the field name goes in front. */
const phrase: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === "invalid_type") return issue.input === undefined ? "is required" : `must be ${ARTICLE[issue.expected] ?? `a ${issue.expected}`}`;
  if (issue.code === "invalid_value") return `must be one of ${issue.values.map(String).join(", ")}`;
  if (issue.code === "unrecognized_keys") return "is not accepted here";
  if (issue.code === "too_small" && issue.origin === "number") return `must be at least ${issue.minimum}`;
  if (issue.code === "too_big" && issue.origin === "number") return `must be at most ${issue.maximum}`;
  return undefined;
};

export function parseControlPart<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value, { error: phrase });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue.code === "unrecognized_keys" ? [...issue.path, issue.keys[0]] : issue.path;
  const field = path.map(String).join(".");
  throw badRequest(field ? `${field} ${issue.message}` : issue.message, field || undefined);
}
