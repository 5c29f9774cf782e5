/**
 * Runs a kind's finder (made/finder.ts, DECISIONS D115): the one way every caller asks "what did
 * this create make". The kind lists what its create could have made; this leaves out what was
 * there before the first send, what the service says was made before `since`, and what another
 * holds, and (after a cut-off run, `sameAs`) keeps only what the kind's read and diff find equal
 * to the inputs.
 */
import { keepUnreported } from "../core/diff";
import type { Finder, Made, MadeQuery } from "./finder";
import { defaultDiff, isNotFound, type Props, type ResourceImpl } from "../core/resource";
import type { ProviderContext } from "../deployment/context";

export interface FindMade extends MadeQuery {
  /**
   * After a cut-off run: the kind's implementation, whose read and diff keep an object only when
   * it is exactly what the create would have made (its answer, and so its object, was never seen).
   */
  sameAs?: { impl: ResourceImpl; inputs: Props };
}

/** Allowance for the clock of the machine that ran the update against the service's. */
const CLOCK_SLACK_S = 120;

const madeAfter = (since: number | undefined, at: number | null | undefined) => since === undefined || at == null || at >= since - CLOCK_SLACK_S;

export async function findMade<I, W>(ctx: ProviderContext, finder: Finder<I, W>, inputs: I, q: FindMade): Promise<Made<W>[]> {
  // An object the inputs name is the one the create takes over, however old.
  const named = finder.namedId?.(inputs) !== undefined;
  const listed = (await finder.list(ctx, inputs)).filter((o) => !q.before?.has(finder.idOf(o)) && (named || madeAfter(q.since, finder.madeAt?.(o))));
  await q.othersAnswered?.();
  const free = listed.filter((o) => !q.held(finder.idOf(o))).map((o) => ({ object: o, id: finder.idOf(o), label: finder.label(o) }));
  if (!q.sameAs) return free;
  const equal: Made<W>[] = [];
  for (const m of free) {
    const { impl, inputs: declared } = q.sameAs;
    const state = await readOrGone(ctx, impl, m.id, declared);
    if (state && !(await differs(impl, m.id, state, declared))) equal.push({ ...m, state });
  }
  return equal;
}

/** The object as a refresh records it: a declared value the service does not report stands (D129). */
async function readOrGone(ctx: ProviderContext, impl: ResourceImpl, id: string, inputs: Props): Promise<Props | undefined> {
  try {
    const read = await impl.read(ctx, id, inputs);
    return read && keepUnreported(impl.rules, read, inputs);
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/** As a refresh records it: only what the create declares is compared (server-added template metadata is no difference, D23, D82). */
async function differs(impl: ResourceImpl, id: string, state: Props, inputs: Props): Promise<boolean> {
  const read = { ...state, declaredInputs: Object.keys(inputs) };
  const diff = impl.diff ? await impl.diff(id, read, inputs) : defaultDiff(impl, read, inputs);
  return diff.changes !== false;
}
