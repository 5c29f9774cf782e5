/**
 * @module service/control/types
 * A control-plane route: like an API route but without auth, contract or rate limits.
 */
import type { HttpMethod, Reply } from "../http/types";

export interface ControlRequest {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
}

export interface ControlRoute {
  method: HttpMethod;
  path: string;
  /** One line for GET /_local/ and the docs. */
  summary: string;
  handler(req: ControlRequest): Reply | Promise<Reply>;
}

export const ok = (body: unknown, status = 200): Reply => ({ status, body });
