/**
 * The client's two error classes. EsignApiError: the service answered with an error (or not
 * at all: status 0). EsignValidationError: the request broke a contract rule and was never
 * sent. Neither holds the axios config or request, so no credential can leak through them;
 * messages are redacted on construction (octokit RequestError style).
 */
import type { ValidationIssue } from "../../contract";
import { Redactor } from "./redact";

export interface EsignApiErrorFields {
  /** HTTP status; 0 when no response arrived (network error, timeout). */
  status: number;
  /** error_name from the error envelope, or a client name: network_error, invalid_response, unexpected_status. */
  errorName: string;
  errorMsg: string;
  errorPath?: string;
  method: string;
  /** Request path below the base URL, without the query string. */
  path: string;
  /** Operation id, e.g. "api_app.create". */
  operation: string;
  /** Low-level error code for network failures (ECONNRESET, ECONNABORTED ...). */
  code?: string;
  /** Whether the request may have been processed (network error after sending, 5xx). */
  ambiguous?: boolean;
  /** Whether the answer was the service's error envelope (`{error: {error_name, error_msg}}`). */
  envelope?: boolean;
}

const fallbackRedactor = new Redactor([]);

export class EsignApiError extends Error implements EsignApiErrorFields {
  override readonly name = "EsignApiError";
  readonly status: number;
  readonly errorName: string;
  readonly errorMsg: string;
  readonly errorPath?: string;
  readonly method: string;
  readonly path: string;
  readonly operation: string;
  readonly code?: string;
  readonly ambiguous: boolean;
  readonly envelope: boolean;

  constructor(fields: EsignApiErrorFields, redactor: Redactor = fallbackRedactor) {
    const safe = redactor.value(fields);
    const where = safe.errorPath ? ` (${safe.errorPath})` : "";
    super(`${safe.operation} ${safe.method} ${safe.path} failed with ${safe.status || "no response"} ${safe.errorName}: ${safe.errorMsg}${where}`);
    this.status = safe.status;
    this.errorName = safe.errorName;
    this.errorMsg = safe.errorMsg;
    this.errorPath = safe.errorPath;
    this.method = safe.method;
    this.path = safe.path;
    this.operation = safe.operation;
    this.code = safe.code;
    this.ambiguous = safe.ambiguous ?? false;
    this.envelope = safe.envelope ?? false;
  }

  isEsignApiError(): this is EsignApiError {
    return true;
  }

  toJSON(): EsignApiErrorFields & { name: string; message: string } {
    const { name, message, status, errorName, errorMsg, errorPath, method, path, operation, code, ambiguous, envelope } = this;
    return { name, message, status, errorName, errorMsg, errorPath, method, path, operation, code, ambiguous, envelope };
  }
}

export function isEsignApiError(value: unknown): value is EsignApiError {
  return value instanceof EsignApiError;
}

/**
 * Whether `error` says the object is gone: a 404 or 410 answered with the service's error
 * envelope. Any other 404 (a proxy's page, a server that is not the API) is not proof of
 * anything; the transport reports it as `not_the_api`, naming the URL (DECISIONS D33).
 */
export function isGone(error: unknown): boolean {
  if (!isEsignApiError(error) || !error.envelope) return false;
  if (error.status === 404 || error.status === 410) return true;
  return GONE_ANSWERS.some((a) => a.operation === error.operation && a.status === error.status && a.message.test(error.errorMsg));
}

/**
 * The real service's other ways of saying "there is no such object" (real-service-evidence.md
 * §3, recorded bodies): an account without a team answers DELETE /team/destroy and PUT /team
 * with a 400, not a 404. Only these operations, statuses and texts: a 400 is otherwise a refusal.
 * A grant whose person already left the team is gone too (D130): removing it is refused with
 * "Account does not belong to your team" (template remove_user, 403: §4, live test S3) or
 * "<email> is not a member of your team" (fax line remove_user, 400: issue 35's report), so a
 * removal of it is done whatever order the engine runs the member's and the grant's steps in.
 */
const GONE_ANSWERS: { operation: string; status: number; message: RegExp }[] = [
  { operation: "team.destroy", status: 400, message: /^no team to delete/i },
  { operation: "team.update", status: 400, message: /none exists/i },
  { operation: "template.remove_user", status: 403, message: /does not belong to your team/i },
  { operation: "fax_line.remove_user", status: 400, message: /is not a member of your team/i },
];

/**
 * Whether the service refused the caller's team role rather than the key: a team Member's or
 * Team Manager's key answers 401 "Unauthorized API usage. Ask your team admin to make you a
 * developer on the Team page." (recorded, real-service-evidence.md §2, §3).
 */
export function isRoleRefusal(error: unknown): error is EsignApiError {
  return isUnauthorized(error) && /unauthorized api usage|make you a developer/i.test(error.errorMsg);
}

/** Whether the service refused the credentials (401): never retried, never read as "gone". */
export function isUnauthorized(error: unknown): error is EsignApiError {
  return isEsignApiError(error) && error.status === 401;
}

/** A request rejected before sending; `issues` name each field and rule. */
export class EsignValidationError extends Error {
  override readonly name = "EsignValidationError";

  constructor(
    readonly operation: string,
    readonly issues: ValidationIssue[],
  ) {
    super(`${operation}: invalid request: ${issues.map((issue) => `${issue.path || "(body)"}: ${issue.message}`).join("; ")}`);
  }

  toJSON(): { name: string; message: string; operation: string; issues: ValidationIssue[] } {
    return { name: this.name, message: this.message, operation: this.operation, issues: this.issues };
  }
}

export function isEsignValidationError(value: unknown): value is EsignValidationError {
  return value instanceof EsignValidationError;
}
