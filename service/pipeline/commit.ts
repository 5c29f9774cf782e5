/**
 * @module service/pipeline/commit
 * Stage 8: the store is made durable (fsync with --data) before the answer goes out; an
 * `after` fault then loses the answer of a change that did happen.
 */
import type { Call, PipelineDeps } from "./call";
import { injectFault } from "./faults";

export function commitCall(call: Call, { svc }: PipelineDeps): void | Promise<void> {
  svc.store.commit();
  if (call.fault?.after) return injectFault(call.fault);
}
