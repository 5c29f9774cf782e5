/**
 * What `esign recover` does with one pending create of a cut-off run (DECISIONS D95): record the
 * object it made (found by the kind's finder: cut-off.ts), or drop it when it made nothing, when
 * a later run recorded it, or when its create is idempotent; several objects that match are
 * left for the user (nothing changes).
 */
import type { ProviderContext } from "../deployment/context";
import { declaredKeys } from "../operations";
import type { Settlement } from "../pulumi-state/edit";
import { heldIds, pendingOperations, plainProps, recordedAlready, type ExportedDeployment, type PendingOperation } from "../pulumi-state/export";
import { esignKind, urnName } from "../pulumi-state/type-token";
import { registry } from "../resources/registry";
import { candidatesFor, idempotent, type Candidate } from "./cut-off";

/** One pending create and what was found for it; no settlement: it matches several objects. */
export interface Decision {
  op: PendingOperation;
  kind: string;
  name: string;
  settlement?: Settlement;
  candidates?: Candidate[];
  why: string;
}

/** The op's inputs from the decrypted export (same URN), without the dynamic provider's `__provider`. */
function plainInputs(plain: ExportedDeployment, op: PendingOperation): Record<string, unknown> {
  const twin = pendingOperations(plain).find((p) => p.type === op.type && p.resource.urn === op.resource.urn);
  const { __provider: _p, ...inputs } = plainProps(twin?.resource.inputs);
  return inputs;
}

/**
 * Decides one pending create (`op`, of an esign kind) of the export `plain` (decrypted); `since`:
 * seconds, the end of the stack's last finished update; `ctxFor`: the account the create went to.
 */
export async function decide(ctxFor: (op: PendingOperation) => Promise<ProviderContext>, plain: ExportedDeployment, op: PendingOperation, since: number | undefined): Promise<Decision> {
  const kind = esignKind(op.resource.type) ?? op.resource.type;
  const name = urnName(op.resource.urn);
  const base = { op, kind, name };
  if (recordedAlready(plain, op.resource.urn)) return { ...base, settlement: { op, action: "drop" }, why: "a later run already recorded it; the stale pending record is cleared" };
  if (idempotent(kind)) return { ...base, settlement: { op, action: "drop" }, why: "the next up takes it over in place (its create is idempotent)" };
  const inputs = plainInputs(plain, op);
  const found = await candidatesFor(await ctxFor(op), kind, inputs, { held: heldIds(plain, kind), since });
  if (found.length === 0) return { ...base, settlement: { op, action: "drop" }, why: "the create made nothing; the next up creates it" };
  if (found.length > 1) return { ...base, candidates: found, why: `${found.length} candidates: ${found.map((c) => c.label).join(", ")}` };
  const declared = declaredKeys(registry[kind], inputs);
  return { ...base, settlement: { op, action: "record", id: found[0].id, declared }, why: found[0].label };
}
