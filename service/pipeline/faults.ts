/**
 * @module service/pipeline/faults
 * Stage 5: an injected fault (POST /_local/faults) for this call: a delay, a forced status or
 * a dropped connection, now, or (`after`) once the change is committed (see commit.ts).
 */
import { errorForStatus } from "../http/errors";
import type { FaultRule } from "../http/faults";
import { DROP, type PipelineDeps, type RatedCall } from "./call";

export function takeFault(call: RatedCall, { faults, svc, rateLimiter }: PipelineDeps): void | Promise<void> {
  const fault = faults.take(call.method, call.path);
  if (!fault) return;
  call.fault = fault;
  call.log.fault = true;
  // An injected 429 may say when to come back, so tests need not wait for the window's end.
  const resetAt = fault.until !== undefined ? Math.ceil(fault.until / 1000) : fault.reset_after_s !== undefined ? svc.clock.now() + fault.reset_after_s : undefined;
  if (fault.status === 429 && resetAt !== undefined) call.rateHeaders = { ...call.rateHeaders, ...rateLimiter.exhausted(resetAt) };
  if (!fault.after) return injectFault(fault);
}

/** Delay, then a forced status or a dropped connection (thrown), as the rule says. */
export async function injectFault(fault: FaultRule): Promise<void> {
  if (fault.delay_ms) await new Promise((r) => setTimeout(r, fault.delay_ms));
  if (fault.drop) throw DROP;
  if (fault.status) throw errorForStatus(fault.status, fault.error_msg ?? `Injected fault (${fault.status})`, fault.error_name);
}
