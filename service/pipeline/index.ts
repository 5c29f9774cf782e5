/**
 * @module service/pipeline
 * An API call, stage by stage. The order is the API's: a wrong path is a 404 before a missing
 * key is a 401, an exhausted budget a 429 before an invalid body is a 400, and the store is
 * durable before the answer leaves. The body is read before the budget is counted, because
 * test_mode in it picks the tier (D75); a body that cannot be parsed is still counted.
 * Every failure becomes the error envelope; the store is committed then too, so memory and
 * journal agree on whatever a failed handler had applied. Rate-limit headers go on every
 * answer to a known caller except a 401 (recorded: S8).
 */
import type { IncomingMessage } from "node:http";
import type { Reply } from "../kernel";
import { tryAuthenticate } from "../http/auth";
import { invalidUri } from "../http/errors";
import { tierOf } from "../http/rate-limit";
import { errorReply, withHeaders } from "../http/writer";
import { authenticateCall } from "./auth";
import { readCallBody } from "./body";
import { DROP, newCall, type Call, type PipelineDeps } from "./call";
import { commitCall } from "./commit";
import { takeFault } from "./faults";
import { runHandler } from "./handle";
import { limitRate } from "./rate-limit";
import { matchRoute } from "./route";
import { validateCall } from "./validate";

export type { PipelineDeps } from "./call";

export interface ApiOutcome {
  reply: Reply;
  log: Call["log"];
  /** An injected network failure: close the connection without answering. */
  drop?: boolean;
}

export async function runApiCall(req: IncomingMessage, path: string, query: string, deps: PipelineDeps): Promise<ApiOutcome> {
  const call = newCall(req, path, query);
  try {
    // Each stage hands the next the call with its part added; only the few asynchronous ones are awaited.
    const authenticated = authenticateCall(matchRoute(call, deps), deps);
    let read = readCallBody(authenticated, deps);
    if (read instanceof Promise) read = await read;
    const rated = limitRate(read, deps);
    const faulted = takeFault(rated, deps);
    if (faulted) await faulted;
    let reply = runHandler(validateCall(rated), deps);
    if (reply instanceof Promise) reply = await reply;
    const committed = commitCall(call, deps);
    if (committed) await committed;
    return { reply: withHeaders(reply, rated.rateHeaders), log: call.log };
  } catch (e) {
    deps.svc.store.commit();
    if (e === DROP) return { reply: { status: 0 }, log: call.log, drop: true };
    const reply = errorReply(e, { errorPath: deps.svc.options.responseDialect !== "recorded-2021" });
    if (reply.status === 401) return { reply: withHeaders(reply, call.errorHeaders ?? {}), log: call.log };
    return { reply: withHeaders(reply, { ...rateHeaders(call, deps), ...call.errorHeaders }), log: call.log };
  }
}

/** A path outside /v3: the unknown-URI 404, counted for a known caller like one below /v3. */
export function outsideApi(req: IncomingMessage, deps: PipelineDeps): Reply {
  const call = newCall(req, "", "");
  call.who = tryAuthenticate(req.headers.authorization, deps.svc.accounts, { apiKeyOnly: false, appHasOAuth: deps.appHasOAuth });
  return withHeaders(errorReply(invalidUri()), rateHeaders(call, deps));
}

/**
 * The account's rate-limit headers. A known caller's call that failed before the rate-limit
 * stage (no route, an unreadable body) is counted now; an anonymous one has none.
 */
function rateHeaders(call: Call, { rateLimiter }: PipelineDeps): Record<string, string> {
  if (call.rateHeaders) return call.rateHeaders;
  if (!call.who) return {};
  return rateLimiter.hit(call.who.account.account_id, tierOf(call.route?.operation, false)).headers;
}
