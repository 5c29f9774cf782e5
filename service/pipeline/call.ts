/**
 * @module service/pipeline/call
 * The state one API call carries through the pipeline's stages, and what the stages may use.
 * Each stage reads what earlier stages set and fills in its own part; a stage that refuses the
 * call throws (an ApiError, or DROP for an injected network failure).
 */
import type { IncomingMessage } from "node:http";
import type { Authenticated } from "../http/auth";
import type { ParsedBody } from "../http/body";
import type { FaultRule, Faults } from "../http/faults";
import type { RateLimiter } from "../http/rate-limit";
import type { Router } from "../http/router";
import type { Reply, Route, ServiceContext, UntypedParts } from "../kernel";
import type { Account } from "../accounts/types";
import type { TeamRole } from "../../contract";

export interface Call {
  req: IncomingMessage;
  method: string;
  /** Path relative to /v3. */
  path: string;
  /** The raw query string (without "?"). */
  query: string;
  /** Set by the route stage. */
  route?: Route;
  params?: Record<string, string>;
  /** Set by the auth stage (by the route stage too when no route answers and the credentials are good). */
  who?: Authenticated;
  /** The account's rate-limit headers, once the rate-limit stage ran (pipeline/index.ts counts a call that failed before it). */
  rateHeaders?: Record<string, string>;
  /** Headers an error reply must carry too (Allow on a 405). */
  errorHeaders?: Record<string, string>;
  fault?: FaultRule;
  body?: ParsedBody;
  parts?: UntypedParts;
  result?: Reply;
  /** What the request log records about the call. */
  log: { account_id: string | null; operation: string | null; fault: boolean };
}

/** What the stages need from the app: its services and the HTTP machinery, nothing else. */
export interface PipelineDeps {
  svc: ServiceContext;
  router: Router<Route>;
  rateLimiter: RateLimiter;
  faults: Faults;
  /** Whether an API app has OAuth settings (a bearer token of an app without them is refused). */
  appHasOAuth(client_id: string): boolean;
  /** The account's role in its team (undefined without one): Members and Team Managers cannot use the API. */
  teamRoleOf(account: Account): TeamRole | undefined;
}

/** A step of the pipeline: fills in its part of the call or throws. */
export type Stage = (call: Call, deps: PipelineDeps) => void | Promise<void>;

/** Thrown by an injected `drop` fault: the connection is closed without an answer. */
export const DROP = Symbol("drop");

export function newCall(req: IncomingMessage, path: string, query: string): Call {
  return { req, method: (req.method ?? "GET").toUpperCase(), path, query, log: { account_id: null, operation: null, fault: false } };
}
