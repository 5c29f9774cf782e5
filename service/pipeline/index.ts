/**
 * @module service/pipeline
 * An API call, stage by stage. The order is the API's: a wrong path is a 404 before a missing
 * key is a 401, an exhausted budget a 429 before a bad body is a 400, and the store is durable
 * before the answer leaves. Every failure becomes the error envelope; the store is committed
 * then too, so memory and journal agree on whatever a failed handler had applied.
 */
import type { IncomingMessage } from "node:http";
import type { Reply } from "../kernel";
import { errorReply, withHeaders } from "../http/writer";
import { authenticateCall } from "./auth";
import { readCallBody } from "./body";
import { DROP, newCall, type Call, type PipelineDeps, type Stage } from "./call";
import { commitCall } from "./commit";
import { takeFault } from "./faults";
import { runHandler } from "./handle";
import { limitRate } from "./rate-limit";
import { matchRoute } from "./route";
import { validateCall } from "./validate";

export type { PipelineDeps } from "./call";

export const API_STAGES: readonly Stage[] = [matchRoute, authenticateCall, limitRate, takeFault, readCallBody, validateCall, runHandler, commitCall];

export interface ApiOutcome {
  reply: Reply;
  log: Call["log"];
  /** An injected network failure: close the connection without answering. */
  drop?: boolean;
}

export async function runApiCall(req: IncomingMessage, path: string, query: string, deps: PipelineDeps): Promise<ApiOutcome> {
  const call = newCall(req, path, query);
  try {
    for (const stage of API_STAGES) {
      const pending = stage(call, deps);
      if (pending) await pending; // most stages are synchronous: no extra turn for them
    }
    return { reply: withHeaders(call.result!, rateHeaders(call, deps)), log: call.log };
  } catch (e) {
    deps.svc.store.commit();
    if (e === DROP) return { reply: { status: 0 }, log: call.log, drop: true };
    return { reply: withHeaders(errorReply(e), { ...rateHeaders(call, deps), ...call.errorHeaders }), log: call.log };
  }
}

/** The account's rate-limit headers once authenticated; the anonymous ones when a call fails before that. */
function rateHeaders(call: Call, { rateLimiter }: PipelineDeps): Record<string, string> {
  return call.rateHeaders ?? rateLimiter.peek();
}
