/**
 * What one run accumulates, as one value on the Deployment (no module holds it): the objects
 * its creates took over, what its diffs left for its creates, what it read once (the
 * checkpoint), what its authoritative sets remove, the key refusals already said in full, the
 * creates' book (what each made or has in flight, for a create whose answer was lost:
 * made/once.ts) and the resource operation its service warnings name.
 * A Deployment's reconfigured successors share it (the same run goes on); a host that serves
 * another run, or a test, makes a new one.
 */
import { Claims } from "./claims";
import { HandOvers } from "./hand-over";
import { RemovalBudget } from "./removal-budget";
import { RunMemo } from "./run-memo";
import { ServiceWarnings } from "./service-warnings";

/** What the run's creates made, per kind (the kind names it: `Template`, `FaxLine`, `Team`, `ApiApp`). */
export interface CreatesBook {
  /** Ids per kind that a create of this run made or took: no other create takes them. */
  held: Map<string, Set<string>>;
  /** Creates per kind whose request is in flight. */
  sending: Map<string, Set<Promise<unknown>>>;
}

export class Run {
  /** Objects a create took over, kept by the deletes of the same run. */
  readonly claims = new Claims();
  /** What a diff of this run left for the create that follows it (a template's update_files, D91). */
  readonly handOvers = new HandOvers();
  /** What the run read once (the stack's checkpoint before its first create, D96). */
  readonly memo = new RunMemo();
  /** What the run's authoritative sets remove (D139). */
  readonly removals = new RemovalBudget();
  /** Key refusals already given in full (one per distinct summary, D62). */
  readonly refusalsSaid = new Set<string>();
  /** What the run's creates made or are sending (a lost answer's look, D115). */
  readonly creates: CreatesBook = { held: new Map(), sending: new Map() };
  /** The resource operation running, which the service's warnings name. */
  readonly warnings = new ServiceWarnings();
}
