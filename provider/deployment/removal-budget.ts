/**
 * One removal limit for the whole run (D139): the authoritative sets (resources/shared/exclusive.ts)
 * record here what each would remove, so an account file over N templates cannot remove
 * `maxRemovals` people from each of them in one `up`. The run may remove at most the smallest
 * `maxRemovals` of the sets that remove anyone: the outcome does not depend on the order the
 * engine checks the sets in (whichever set's check brings the total over it fails, naming the
 * total), and a limit is raised by raising it on every set that removes (the account file's
 * `authoritativeLimits.maxRemovals` is every set's).
 *
 * Held by the Deployment and shared by its reconfigured successors, as the claims are: the
 * dynamic provider serves a whole run in one process, the native plugin one provider per process
 * (a run over two explicit providers has one budget each). A set planned twice in one run
 * (its parent is the key) counts once.
 */
export interface RemovalTally {
  /** What the run's sets remove in all, this one included. */
  total: number;
  /** The smallest maxRemovals of the sets that remove anyone (this one's when it removes nobody). */
  limit: number;
  /** How many sets of the run remove anyone. */
  sets: number;
}

export class RemovalBudget {
  private readonly planned = new Map<string, { count: number; max: number }>();

  /** Records that the set of `parent` removes `count` under its own `max`, and answers the run's tally. */
  plan(parent: string, count: number, max: number): RemovalTally {
    this.planned.set(parent, { count, max });
    let total = 0;
    let limit = Infinity;
    let sets = 0;
    for (const p of this.planned.values()) {
      total += p.count;
      if (p.count > 0) {
        limit = Math.min(limit, p.max);
        sets++;
      }
    }
    return { total, limit: Number.isFinite(limit) ? limit : max, sets };
  }
}
