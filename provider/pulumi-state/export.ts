/**
 * A stack's pending operations, read from `pulumi stack export` (deployment.pending_operations),
 * and the state edit that settles them: a found object becomes a resource of the state (the
 * pending op's own resource record, with the object's id; outputs = inputs until the targeted
 * refresh reads the object), a create that made nothing (or whose kind is idempotent) is
 * dropped. Pure: no I/O; cli/recover.ts does the export, the finding and the import.
 *
 * Why not `pulumi refresh --import-pending-creates URN ID`: with CLI 3.248 it only rewrites the
 * op's type to "importing" (pkg/cmd/pulumi/operations/refresh.go, pendingCreatesToImports);
 * nothing in the engine turns an importing pending op into a resource, and the snapshot written
 * at the refresh's end carries over only "creating" ops (pkg/backend/journal.go, snapshot.go),
 * so the op is dropped and the object forgotten (DECISIONS D95).
 */
import type { Props } from "../core/resource";

/** A resource record as `pulumi stack export` writes it (the keys we read; the rest is kept as is). */
export interface StateResource {
  urn: string;
  type: string;
  id?: string;
  custom?: boolean;
  delete?: boolean;
  inputs?: Props;
  outputs?: Props;
  [key: string]: unknown;
}

export interface PendingOperation {
  resource: StateResource;
  type: string;
}

export interface ExportedDeployment {
  version: number;
  deployment: { resources?: StateResource[]; pending_operations?: PendingOperation[]; [key: string]: unknown };
}

/** The esign kind of a state type: `esign:index:ApiApp` (native) or `pulumi-nodejs:dynamic/esign:ApiApp`. */
export function esignKind(type: string): string | undefined {
  const native = /^esign:index:(\w+)$/.exec(type);
  if (native) return native[1];
  const dynamic = /^pulumi-nodejs:dynamic\/esign:(\w+)$/.exec(type);
  return dynamic?.[1];
}

/** The logical name at the URN's end. */
export const urnName = (urn: string) => urn.slice(urn.lastIndexOf("::") + 2);

export function pendingOperations(exported: ExportedDeployment): PendingOperation[] {
  return exported.deployment.pending_operations ?? [];
}

/** Pending creates of esign resources (other pending ops the engine's own refresh clears). */
export function pendingCreates(exported: ExportedDeployment): PendingOperation[] {
  return pendingOperations(exported).filter((op) => op.type === "creating" && esignKind(op.resource.type) !== undefined);
}

/** Object ids the state holds, by esign kind. */
export function heldIds(exported: ExportedDeployment, kind: string): Set<string> {
  const ids = (exported.deployment.resources ?? []).filter((r) => esignKind(r.type) === kind && r.id).map((r) => r.id!);
  return new Set(ids);
}

/** Whether the state already holds a live resource of this URN (a later `up` created or adopted it). */
export function recordedAlready(exported: ExportedDeployment, urn: string): StateResource | undefined {
  return (exported.deployment.resources ?? []).find((r) => r.urn === urn && !r.delete && r.id);
}

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

/** The pending operations as short names (`creating portal`), for reports (`esign drift`). */
export function pendingSummary(exported: ExportedDeployment): string[] {
  return pendingOperations(exported).map((op) => `${op.type} ${urnName(op.resource.urn)}`);
}

/** The report's line for a stack with pending operations: what they are and what settles them. */
export function pendingLine(stack: string, pending: string[]): string {
  const n = pending.length;
  return `stack ${stack}: ${n} pending operation${n === 1 ? "" : "s"} from a run that was cut off (${pending.join(", ")}): run \`esign recover\` before \`pulumi up\``;
}
