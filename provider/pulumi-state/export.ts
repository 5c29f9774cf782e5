/**
 * A stack's state as `pulumi stack export` writes it (and the file backend's checkpoint holds
 * it: checkpoint.ts): its resources and its pending operations, read through one schema. Only
 * the keys esign reads are named; every other key is kept as it is, so an edit (edit.ts) and
 * `pulumi stack import` give the engine back what it wrote.
 */
import { z } from "zod";
import { isRecord } from "../core/compare";
import { SECRET_SIG, SIG_KEY } from "../core/secret-sig";
import { esignKind } from "./type-token";

const props = z.record(z.string(), z.unknown());

const stateResource = z.looseObject({
  urn: z.string(),
  type: z.string(),
  id: z.string().optional(),
  custom: z.boolean().optional(),
  delete: z.boolean().optional(),
  provider: z.string().optional(),
  inputs: props.optional(),
  outputs: props.optional(),
});

const pendingOperation = z.looseObject({ resource: stateResource, type: z.string() });

/** The deployment itself: `checkpoint.latest` in a checkpoint file, `deployment` in an export. */
export const deploymentSchema = z.looseObject({ resources: z.array(stateResource).optional(), pending_operations: z.array(pendingOperation).optional() });

// A stack never deployed may have no deployment yet: none is an empty one.
const exportedSchema = z.looseObject({ version: z.number(), deployment: deploymentSchema.default({}) });

/** A resource record of the state (the keys we read; the rest is kept as is). */
export type StateResource = z.infer<typeof stateResource>;
export type PendingOperation = z.infer<typeof pendingOperation>;
export type ExportedDeployment = z.infer<typeof exportedSchema>;

/** `pulumi stack export`'s output (or an already parsed export) as a deployment; throws naming the first key that is not what the engine writes. */
export function parseExport(exported: string | unknown): ExportedDeployment {
  const parsed = exportedSchema.safeParse(typeof exported === "string" ? JSON.parse(exported) : exported);
  if (!parsed.success) throw new Error(`the stack's export is not in the form esign reads: ${parsed.error.issues[0].path.join(".")}: ${parsed.error.issues[0].message}`);
  return parsed.data;
}

export function pendingOperations(exported: ExportedDeployment): PendingOperation[] {
  return exported.deployment.pending_operations ?? [];
}

/** Pending creates of esign resources (other pending ops the engine's own refresh clears). */
export function pendingCreates(exported: ExportedDeployment): PendingOperation[] {
  return pendingOperations(exported).filter((op) => op.type === "creating" && esignKind(op.resource.type) !== undefined);
}

/** Object ids the state holds, by esign kind. */
export function heldIds(exported: ExportedDeployment, kind: string): Set<string> {
  const ids = (exported.deployment.resources ?? []).flatMap((r) => (esignKind(r.type) === kind && r.id ? [r.id] : []));
  return new Set(ids);
}

/** Whether the state already holds a live resource of this URN (a later `up` created or adopted it). */
export function recordedAlready(exported: ExportedDeployment, urn: string): StateResource | undefined {
  return (exported.deployment.resources ?? []).find((r) => r.urn === urn && !r.delete && r.id);
}

/** A decrypted export's values with the secret wrappers (`{sig, plaintext}`) removed, deeply. */
export function unwrapSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(unwrapSecrets);
  if (!isRecord(value)) return value;
  if (value[SIG_KEY] === SECRET_SIG) return unwrapSecrets(typeof value.plaintext === "string" ? JSON.parse(value.plaintext) : value.value);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unwrapSecrets(v)]));
}

/** Inputs recorded in a decrypted export, plain. */
export function plainProps(recorded: Record<string, unknown> | undefined): Record<string, unknown> {
  const plain = unwrapSecrets(recorded ?? {});
  return isRecord(plain) ? plain : {};
}
