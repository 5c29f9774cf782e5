/**
 * A write whose answer was lost. The service may have committed it (a 5xx, or the connection
 * closed once the request was sent: client/errors.ts `ambiguous`), so it is not sent again
 * blindly (client/retry.ts leaves non-idempotent writes to the resource). The resource proves
 * what the lost call did by reading the service, then keeps what it made or, when the read shows
 * nothing happened, sends again (DECISIONS D90 says how, per kind and step).
 *
 * Two shapes: `createOnce` for a write that makes a new object whose id only its answer names
 * (the kind's finder looks again for an object that was not there before: D115), and
 * `writeOnce` for a write whose effect a read can see (a removal, a move).
 */
import { isEsignApiError, type EsignApiError } from "../client/errors";
import type { Finder } from "./finder";
import { lagBound, untilFound } from "../core/read-lag";
import type { ProviderContext } from "../deployment/context";
import { findMade } from "./find";

/** Sends of one write at most (the first and the retries after a proven "not committed"). */
export const SEND_ATTEMPTS = 3;

/** Whether `error` is a lost answer: the request may have been processed. */
export function isLostAnswer(error: unknown): error is EsignApiError {
  return isEsignApiError(error) && error.ambiguous;
}

/** How an answer was lost, for messages: `503`, `ECONNRESET`, `socket hang up`. */
export const howLost = (error: EsignApiError): string => String(error.status || error.code || error.errorMsg || error.errorName);

/** What the run's creates made or are sending (deployment/run.ts). */
const book = (ctx: ProviderContext) => ctx.run.creates;

/** Records that a create of this run holds the object `id` of `kind`: no other create takes it. */
export function hold(ctx: ProviderContext, kind: string, id: string): void {
  const held = book(ctx).held;
  const ids = held.get(kind) ?? new Set<string>();
  ids.add(id);
  held.set(kind, ids);
}

export function isHeld(ctx: ProviderContext, kind: string, id: string): boolean {
  return book(ctx).held.get(kind)?.has(id) ?? false;
}

function track(ctx: ProviderContext, kind: string, sending: Promise<unknown>): void {
  const all = book(ctx).sending;
  const set = all.get(kind) ?? new Set<Promise<unknown>>();
  set.add(sending);
  all.set(kind, set);
  const done = () => set.delete(sending);
  sending.then(done, done);
}

/** Waits until every create of `kind` in flight now has its answer (or lost it), and so holds what it made. */
async function othersAnswered(ctx: ProviderContext, kind: string): Promise<void> {
  const inFlight = [...(book(ctx).sending.get(kind) ?? [])];
  await Promise.allSettled(inFlight);
}

export interface CreateOnce<I, T> {
  /** The kind of object, as `hold` names it: its definition's kind (`Template`, `FaxLine`, `Team`). */
  kind: string;
  /** The object as messages name it: `template "NDA"`. */
  what: string;
  /** The kind's finder (its definition's `madeBy`): what a create with `inputs` made. */
  finder: Finder<I, T>;
  inputs: I;
  /** The ids there before the first send (a list read the run shares); undefined: the kind has no list (a team). */
  before(): Promise<ReadonlySet<string> | undefined>;
  send(): Promise<T>;
  /** What the user should do when the look after a lost answer fails too (the object may exist). */
  ifUnknown: string;
}

/**
 * Sends a create at most SEND_ATTEMPTS times; after a lost answer, the object it made (found by
 * the kind's finder, not held by another create of this run) is kept instead of making a second.
 */
export async function createOnce<I, T>(ctx: ProviderContext, c: CreateOnce<I, T>): Promise<T> {
  const before = await c.before();
  for (let attempt = 1; ; attempt++) {
    const sentAt = Date.now();
    const sending = c.send();
    track(ctx, c.kind, sending);
    try {
      const made = await sending;
      hold(ctx, c.kind, c.finder.idOf(made));
      return made;
    } catch (error) {
      if (!isLostAnswer(error) || attempt >= SEND_ATTEMPTS) throw error;
      const found = await lookAgain(ctx, c, before, error, sentAt);
      if (found) {
        ctx.log(`${c.what}: the create got no answer (${howLost(error)}) but was committed as ${c.finder.idOf(found)}; keeping it`);
        return found;
      }
      ctx.log(`${c.what}: the create got no answer (${howLost(error)}) and was not committed (not there ${Math.round(lagBound(ctx) / 1000)} s after it was sent); sending it again`);
    }
  }
}

/**
 * The object the lost create made, if any. The read comes first, then every create of the kind
 * in flight gets its answer, so an object another create of this run made is held by it before
 * this one chooses (two creates with the same content, one answer lost, never take one object).
 * Not finding it is no proof while the service's read-after-create lag may still hide it: the
 * look is repeated until the lag's bound from the send has passed (core/read-lag.ts, D120).
 */
async function lookAgain<I, T>(ctx: ProviderContext, c: CreateOnce<I, T>, before: ReadonlySet<string> | undefined, lost: EsignApiError, sentAt: number): Promise<T | undefined> {
  let mine: T | undefined;
  try {
    const look = async () => (await findMade(ctx, c.finder, c.inputs, { before, held: (id) => isHeld(ctx, c.kind, id), othersAnswered: () => othersAnswered(ctx, c.kind) }))[0]?.object;
    mine = await untilFound(ctx, sentAt, look);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(`${c.what}: the create got no answer (${howLost(lost)}) and the read to see whether it was made failed too (${why}); ${c.ifUnknown}`);
  }
  if (mine !== undefined) hold(ctx, c.kind, c.finder.idOf(mine));
  return mine;
}

export interface WriteOnce<T> {
  /** The write as messages name it: `team member m@example.com: removal`. */
  what: string;
  send(): Promise<T>;
  /** After a lost answer: the write's result if a read shows it took effect, else undefined. */
  done(): Promise<T | undefined>;
}

/** A write whose effect a read can see: after a lost answer the read decides, not a second send. */
export async function writeOnce<T>(ctx: ProviderContext, w: WriteOnce<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await w.send();
    } catch (error) {
      if (!isLostAnswer(error) || attempt >= SEND_ATTEMPTS) throw error;
      const result = await w.done();
      if (result !== undefined) {
        ctx.log(`${w.what}: got no answer (${howLost(error)}) but took effect`);
        return result;
      }
      ctx.log(`${w.what}: got no answer (${howLost(error)}) and did not take effect; sending it again`);
    }
  }
}
