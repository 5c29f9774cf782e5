/**
 * The service's read-after-create lag (DECISIONS D120): a new template, API app or team may be
 * unknown to reads (404 `not_found`, left out of lists) for a while after the create that made
 * it answered. The vendor's own live tests wait for it (a template: GET /template/{id} up to 5
 * times 3 s apart; an API app: 5 times 2 s apart); a user saw a new template "not found" for
 * 5-10 s (real-service-evidence.md §9 S18, §5 S14).
 *
 * The bound, READ_LAG_BOUND_MS = 30 s from the create: two and a half times the vendor's own
 * longest wait (its fifth try comes 12 s after the create) and three times the longest lag a
 * user reported, so a slow day passes; and short enough that an object that really is not
 * there fails the run within half a minute. What fails after the bound names the object's id
 * and is recorded by the engine (core/unfinished-create.ts, D121), so waiting longer would buy
 * little. Within the bound, reads are tried again 0.5, 1, 2, then every 3 s (the vendor's
 * spacing), the last try at the bound.
 *
 * One rule, used by: a create waiting until its object is readable (each lagging kind's
 * `settle`), a lost answer's look (made/once.ts: nothing listed is no proof
 * until the bound has passed), and a refresh of a young object (operations/index.ts read: a
 * 404 within the bound of the create recorded in the state is the lag, not "gone").
 */
import type { ProviderContext } from "../deployment/context";
import { unlessGone } from "./resource";

/** How long after a create a read that does not find the object is taken for the lag. */
export const READ_LAG_BOUND_MS = 30_000;

/** The context's bound (fast tests shorten it), else READ_LAG_BOUND_MS. */
export const lagBound = (ctx: Pick<ProviderContext, "readLagMs">): number => ctx.readLagMs ?? READ_LAG_BOUND_MS;

/** Whether an object made at `madeAtMs` may still be hidden by the lag. */
export const isYoung = (ctx: Pick<ProviderContext, "readLagMs">, madeAtMs: number | undefined): boolean => madeAtMs !== undefined && Date.now() < madeAtMs + lagBound(ctx);

/** The pauses between tries within the bound (then the last one repeats), ms. */
const PAUSES_MS = [500, 1000, 2000, 3000];

/**
 * `attempt` (undefined: the object was not found), tried again while `sinceMs` (when the
 * create was sent or answered) is within the context's lag bound; undefined once the bound has
 * passed without finding it. Without `sinceMs` (an object whose creation time is not known),
 * one try.
 */
export async function untilFound<T>(ctx: ProviderContext, sinceMs: number | undefined, attempt: () => Promise<T | undefined>): Promise<T | undefined> {
  const deadline = sinceMs === undefined ? 0 : sinceMs + lagBound(ctx);
  for (let i = 0; ; i++) {
    const found = await attempt();
    const left = deadline - Date.now();
    if (found !== undefined || left <= 0) return found;
    await new Promise((r) => setTimeout(r, Math.min(PAUSES_MS[Math.min(i, PAUSES_MS.length - 1)], left)));
  }
}

/**
 * `read` of the object just made, a 404 tried again within the lag bound from `sinceMs`; still
 * 404 after it: an error naming the object (`what`) and the wait.
 */
export async function afterLag<T>(ctx: ProviderContext, what: string, sinceMs: number, read: () => Promise<T>): Promise<T> {
  const found = await untilFound(ctx, sinceMs, () => unlessGone<T | undefined>(read, undefined));
  if (found === undefined) {
    throw new Error(`${what} is still not readable ${Math.round(lagBound(ctx) / 1000)} s after its create (404: the service's read-after-create lag)`);
  }
  return found;
}
