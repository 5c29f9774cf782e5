/**
 * What a cut-off create made: for a pending create (the engine's record of a create whose
 * answer never came, with the resource's kind and inputs), the objects in the account that it
 * may have made. Shared by `esign recover` (settle.ts) and the create-time check
 * (after-cut-off.ts). Each kind's own finder (its definition's `madeBy`, DECISIONS D115: the
 * one a lost answer inside a run uses too) lists what the create could have made; each is then
 * read with the kind's own read and kept only when the kind's own diff finds no difference from
 * the declared inputs: the object is what this create would have made.
 *
 * Excluded: objects another resource of the stack holds (`held`), and objects created before
 * `since` (seconds; the end of the stack's last finished update: a cut-off run started after
 * it) where the service says when the object was made or last changed.
 *
 * Nothing found is taken as "made nothing" only once the read-after-create lag's bound from the
 * look has passed (core/read-lag.ts, D122): the cut-off create may have made an object the
 * service does not list yet.
 *
 * Kinds whose create is idempotent (team members, grants, the authoritative lists) have no
 * finder: what their create did is taken over in place by the next one (`idempotent`).
 */
import { lagBound, untilFound } from "../core/read-lag";
import type { Props } from "../core/resource";
import { madeBy, registry } from "../resources/registry";
import { findMade } from "./find";
import type { ProviderContext } from "../deployment/context";

/** The kinds whose create makes nothing a second create would duplicate (their definition says why). */
export const IDEMPOTENT_KINDS: ReadonlySet<string> = new Set(Object.keys(madeBy).filter((kind) => "idempotent" in madeBy[kind]));

export function idempotent(kind: string): boolean {
  return IDEMPOTENT_KINDS.has(kind);
}

/** Whether the kind's object can be told from another of the account's (false: a fax line, D96). */
export function tellsApart(kind: string): boolean {
  const by = madeBy[kind];
  return !by || !("finder" in by) || by.finder.tellsApart;
}

export interface Candidate {
  id: string;
  /** How a person recognises it: `API app "Portal" (client id ...)`. */
  label: string;
  /** Its state as the kind's read gave it. */
  state: Props;
}

export interface FindOptions {
  /** Object ids the stack's state holds already. */
  held: ReadonlySet<string>;
  /** Seconds since the epoch: objects made (or, for templates, changed) before it are not the cut-off create's. */
  since?: number;
}

/**
 * The objects the pending create of a `kind` with these inputs may have made: found by the
 * kind's finder, not held by the stack, and equal to the inputs by the kind's read and diff.
 */
export async function candidatesFor(ctx: ProviderContext, kind: string, inputs: Props, opts: FindOptions): Promise<Candidate[]> {
  const by = madeBy[kind];
  if (!by || !("finder" in by)) throw new Error(`no way to find what a create of ${kind} made`);
  const finder = by.finder;
  // Nothing listed is no proof while the cut-off create's object may be hidden by the lag, and
  // the checkpoint does not say when it was sent: the bound counts from now, paid only when
  // nothing is found (D122).
  let said = false;
  const look = async () => {
    const made = await findMade(ctx, finder, inputs, { held: (id) => opts.held.has(id), since: opts.since, sameAs: { impl: registry[kind], inputs } });
    if (made.length > 0) return made;
    if (!said) ctx.log(`${kind}: nothing the cut-off create made is listed yet; looking again for up to ${Math.round(lagBound(ctx) / 1000)} s (the service may not list a new object at once)`);
    said = true;
    return undefined;
  };
  const found = (await untilFound(ctx, Date.now(), look)) ?? [];
  // The kind's read gave each its state (sameAs): one gone since the list is no candidate.
  return found.flatMap((m) => (m.state ? [{ id: m.id, label: m.label, state: m.state }] : []));
}
