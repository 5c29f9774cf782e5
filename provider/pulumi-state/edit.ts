/**
 * The state edit that settles a stack's pending creates (`esign recover`): a found object becomes
 * a resource of the state (the pending op's own resource record, with the object's id; outputs =
 * inputs until the targeted refresh reads the object), a create that made nothing (or whose kind
 * is idempotent) is dropped. Pure: no I/O; cli/recover.ts does the export, the finding and the
 * import.
 *
 * Why not `pulumi refresh --import-pending-creates URN ID`: with CLI 3.248 it only rewrites the
 * op's type to "importing" (pkg/cmd/pulumi/operations/refresh.go, pendingCreatesToImports);
 * nothing in the engine turns an importing pending op into a resource, and the snapshot written
 * at the refresh's end carries over only "creating" ops (pkg/backend/journal.go, snapshot.go),
 * so the op is dropped and the object forgotten (DECISIONS D95).
 */
import { pendingOperations, type ExportedDeployment, type PendingOperation } from "./export";

/** What to do with one pending create. */
export type Settlement = { op: PendingOperation; action: "record"; id: string; declared: string[] } | { op: PendingOperation; action: "drop" };

/**
 * The deployment with the settlements applied: recorded resources appended after everything
 * (nothing in the state can depend on a resource that was still being created), dropped ops
 * removed; pending ops not settled stay.
 */
export function settle(exported: ExportedDeployment, settlements: Settlement[]): ExportedDeployment {
  const settled = new Set(settlements.map((s) => s.op));
  const resources = [...(exported.deployment.resources ?? [])];
  for (const s of settlements) {
    if (s.action !== "record") continue;
    const inputs = s.op.resource.inputs ?? {};
    // Outputs start as the inputs (a dynamic resource's `__provider` included, which its read
    // needs); declaredInputs is what the provider's create would have recorded (operations/index.ts),
    // so the refresh that follows keeps only the declared inputs.
    resources.push({ ...s.op.resource, id: s.id, outputs: { ...inputs, declaredInputs: s.declared } });
  }
  const pending = pendingOperations(exported).filter((op) => !settled.has(op));
  return { ...exported, deployment: { ...exported.deployment, resources, pending_operations: pending } };
}
