/**
 * @module service/pipeline/commit
 * Stage 8: the store is made durable (fsync with --data) before the answer goes out; an
 * `after` fault then loses the answer of a change that did happen.
 */
import type { Stage } from "./call";
import { injectFault } from "./faults";

export const commitCall: Stage = async (call, { svc }) => {
  svc.store.commit();
  if (call.fault?.after) await injectFault(call.fault);
};
