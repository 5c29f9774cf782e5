/**
 * @module service/kernel/control
 * A control-plane route (under /_local/): like an API route but without auth, contract or rate
 * limits. A route that reads a body or query declares its zod schema: the control pipeline
 * validates it first (a failure is a 400 envelope naming the field) and hands the handler the
 * parsed value, typed.
 */
import type { z } from "zod";
import type { HttpMethod, Reply } from "./reply";

export interface ControlRequest<B = Record<string, unknown>, Q = Record<string, unknown>> {
  params: Record<string, string>;
  query: Q;
  body: B;
}

/** Bodies and queries of control routes are JSON objects. */
export type ObjectSchema = z.ZodType<Record<string, unknown>, unknown>;

export interface ControlRoute {
  method: HttpMethod;
  path: string;
  /** One line for GET /_local/ and the docs. */
  summary: string;
  body?: ObjectSchema;
  query?: ObjectSchema;
  handler(req: ControlRequest): Reply | Promise<Reply>;
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : Record<string, unknown>;

/**
 * A control route whose handler sees the output types of its schemas. The one cast is safe
 * because the control pipeline (service/control/pipeline.ts) parses with these same schemas.
 */
export function controlRoute<B extends ObjectSchema | undefined = undefined, Q extends ObjectSchema | undefined = undefined>(spec: {
  method: HttpMethod;
  path: string;
  summary: string;
  body?: B;
  query?: Q;
  handler(req: ControlRequest<Parsed<B>, Parsed<Q>>): Reply | Promise<Reply>;
}): ControlRoute {
  return spec as unknown as ControlRoute;
}

export const ok = (body: unknown, status = 200): Reply => ({ status, body });
