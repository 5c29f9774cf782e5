/**
 * @module service/pipeline/call
 * The state one API call carries through the pipeline's stages, and what the stages may use.
 * Each stage takes the call as the stage before left it and returns it with its own part added
 * (Call -> RoutedCall -> AuthenticatedCall -> ReadCall -> RatedCall -> ParsedCall), so a stage
 * reads only what is surely there. A stage that refuses the call throws (an ApiError, or DROP
 * for an injected network failure); the error answer reads what the Call had got by then.
 */
import type { IncomingMessage } from "node:http";
import type { Authenticated } from "../http/auth";
import type { ParsedBody } from "../http/body";
import type { FaultRule, Faults } from "../http/faults";
import type { RateLimiter } from "../http/rate-limit";
import type { Router } from "../http/router";
import type { Prepared, Route, ServiceContext } from "../kernel";
import type { Account } from "../accounts/types";
import type { TeamRole } from "../../contract";

/** What every call has from the start, and what an error answer reads (each set once known). */
export interface Call {
  req: IncomingMessage;
  method: string;
  /** Path relative to /v3. */
  path: string;
  /** The raw query string (without "?"). */
  query: string;
  route?: Route;
  /** The caller (the route stage sets it too when no route answers and the credentials are good). */
  who?: Authenticated;
  /** The account's rate-limit headers, once the rate-limit stage ran (pipeline/index.ts counts a call that failed before it). */
  rateHeaders?: Record<string, string>;
  /** Headers an error reply must carry too (Allow on a 405). */
  errorHeaders?: Record<string, string>;
  fault?: FaultRule;
  /** What the request log records about the call. */
  log: { account_id: string | null; operation: string | null; fault: boolean };
}

/** A route answers the call. */
export type RoutedCall = Call & { route: Route; params: Record<string, string> };
/** The caller is known and may call the route. */
export type AuthenticatedCall = RoutedCall & { who: Authenticated };
/** The body is read and parsed. */
export type ReadCall = AuthenticatedCall & { body: ParsedBody };
/** The account's budget allowed it. */
export type RatedCall = ReadCall & { rateHeaders: Record<string, string> };
/** Its parts are validated for the route's operation: `run` is its handler bound to them. */
export type ParsedCall = RatedCall & { run: Prepared };

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

/** Thrown by an injected `drop` fault: the connection is closed without an answer. */
export const DROP = Symbol("drop");

export function newCall(req: IncomingMessage, path: string, query: string): Call {
  return { req, method: (req.method ?? "GET").toUpperCase(), path, query, log: { account_id: null, operation: null, fault: false } };
}
