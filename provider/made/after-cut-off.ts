/**
 * A create after a cut-off run (DECISIONS D96). When the stack holds a pending create of this
 * kind with these inputs (the cut-off run sent it and never heard back), the object it made may
 * exist: a plain `pulumi up` must not make a second one. The kind's finder (D115) says what
 * the cut-off create could have made. Kinds whose object can be told apart by its content (API
 * app: name, domains and settings; template: title and content; team: the account's only one),
 * and that no resource of the stack holds, are adopted when exactly one matches; several are
 * refused in one line naming `esign recover`. A fax line cannot be told apart (its finder's
 * `tellsApart`: any free line with the area code), so a create whose pending twin may have
 * bought one stops, naming `esign recover`, instead of buying a second. Nothing matched: the
 * cut-off create made nothing, and the create goes on. Kinds whose create is idempotent
 * (memberships, grants, the authoritative lists: D6, D116) need none of this.
 */
import { isDeepStrictEqual } from "util";
import type { Props } from "../core/resource";
import { hasSigKey } from "../core/secret-sig";
import { registry } from "../resources/registry";
import type { ProviderContext } from "../deployment/context";
import { candidatesFor, idempotent, tellsApart } from "./cut-off";
import { heldIds, pendingCreates, recordedAlready, type ExportedDeployment, type PendingOperation } from "../pulumi-state/export";
import { esignKind, urnName } from "../pulumi-state/type-token";

/** The pending op's inputs are these (secrets, encrypted in the checkpoint, are not compared). */
function sameInputs(recorded: Props, given: Props): boolean {
  const keys = new Set([...Object.keys(recorded), ...Object.keys(given)].filter((k) => k !== "__provider"));
  for (const k of keys) {
    if (hasSigKey(recorded[k])) continue;
    if (!isDeepStrictEqual(recorded[k] ?? undefined, given[k] ?? undefined)) return false;
  }
  return true;
}

/** The cut-off run's pending creates this create repeats (same kind and inputs, not recorded since). */
export function pendingTwins(checkpoint: ExportedDeployment, kind: string, given: Props): PendingOperation[] {
  return pendingCreates(checkpoint).filter((op) => esignKind(op.resource.type) === kind && !recordedAlready(checkpoint, op.resource.urn) && sameInputs(op.resource.inputs ?? {}, given));
}

/**
 * What create does instead when a cut-off run may have made the object: `{ id, outs }` of the
 * object adopted, a thrown one-line refusal, or undefined (create as usual).
 */
export async function afterCutOff(ctx: ProviderContext, kind: string, given: Props, checkpoint: ExportedDeployment | undefined): Promise<{ id: string; outs: Props } | undefined> {
  if (idempotent(kind) || !checkpoint || !registry[kind]) return undefined;
  const twins = pendingTwins(checkpoint, kind, given);
  if (!twins.length) return undefined;
  const names = twins.map((op) => `"${urnName(op.resource.urn)}"`).join(", ");
  const found = await candidatesFor(ctx, kind, given, { held: heldIds(checkpoint, kind) });
  if (found.length === 0) return undefined;
  const recover = "run `esign recover` (it records the object the cut-off run made), then `pulumi up` again";
  if (!tellsApart(kind)) {
    throw new Error(
      `${kind} ${names}: a run that was cut off left this create pending, and the account has ${found.map((c) => c.label).join(", ")} that it may have made; not making a second one: ${recover}`,
    );
  }
  if (found.length > 1 || twins.length > 1) {
    throw new Error(`${kind} ${names}: a run that was cut off left this create pending, and ${found.length} objects match it (${found.map((c) => c.label).join(", ")}); ${recover}`);
  }
  const outs = found[0].state;
  await ctx.warn(`${kind} ${names} adopted ${found[0].label}: the run that was cut off made it (its create is pending in the stack's state); \`esign recover\` clears that record`);
  return { id: found[0].id, outs };
}
