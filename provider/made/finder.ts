/**
 * How a kind finds what one of its creates made when the create's answer never came (DECISIONS
 * D115): after a lost answer inside a run (made/once.ts `createOnce`), and
 * after a run cut off (made/cut-off.ts, read by `esign recover` and by the create-time
 * check of made/after-cut-off.ts). One finder per kind, given by its definition
 * (resources/<kind>/definition.ts `madeBy`), so both ask the service the same question the same
 * way; made/find.ts runs it.
 */
import type { ProviderContext } from "../deployment/context";

/**
 * A kind's finder over its typed inputs `I` and the objects its list yields `W`. The methods
 * are what only the kind knows; which objects are left out (`MadeQuery`) is decided once.
 */
export interface Finder<I, W> {
  /**
   * A fresh read (never a cached list) of the objects a create with these inputs could have
   * made, by what the list shows; the one object the inputs name when they name one (an
   * adoption: `namedId`). May throw a one-line refusal when what the service holds blocks the
   * create and must not be taken silently (a team of another name).
   */
  list(ctx: ProviderContext, inputs: I): Promise<W[]>;
  idOf(object: W): string;
  /** How a person recognises it: `API app "Portal" (client id ...)`. */
  label(object: W): string;
  /** When the service says the object was made (seconds since the epoch); undefined: it does not say. */
  madeAt?(object: W): number | null | undefined;
  /** The id the inputs name (clientId, templateId, number): that object is taken over, whenever it was made. */
  namedId?(inputs: I): string | undefined;
  /**
   * Whether a match is that create's object and no other's. False for a fax line: any free line
   * with the area code matches, so a create after a cut-off run stops instead of taking one (D96).
   */
  tellsApart: boolean;
}

/** What a create whose answer never came made: found by a finder, or nothing to find (its create is idempotent). */
export type MadeBy<I = unknown, W = unknown> = { finder: Finder<I, W> } | { idempotent: string };

/** Which of the finder's objects are left out. */
export interface MadeQuery {
  /** Inside a run: the ids there before the create's first send. */
  before?: ReadonlySet<string>;
  /** After a cut-off run, seconds: objects the service says were made before it are not the create's. */
  since?: number;
  /** Whether another holds the object: a create of this run (inside a run), or a resource of the stack (after a cut-off run). */
  held(id: string): boolean;
  /**
   * Inside a run: resolves once every create of the kind in flight holds what it made. Awaited
   * after the list is read and before `held` is asked, so that an object another create of the
   * run made is held by it before this one chooses.
   */
  othersAnswered?: () => Promise<unknown>;
}

/** One object found: the kind's own, its id and label, and (when the kind's read and diff decided) its state. */
export interface Made<W> {
  object: W;
  id: string;
  label: string;
  state?: Record<string, unknown>;
}
