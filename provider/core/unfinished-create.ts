/**
 * A create the service committed whose object could not be finished (DECISIONS D121): read back
 * within the read-after-create lag (core/read-lag.ts), or its processing ended in an error. Its
 * id is known, so the failure carries it: the operations (operations/index.ts) turn it into the
 * engine's partial failure (an error with `id`, `properties` and `reasons`: ErrorResourceInitFailed
 * for both hosts), the engine records the object, and the next `up` continues from it (the
 * engine then asks for an update, which settles the object instead of making another).
 */
import type { Props } from "./resource";

export class UnfinishedCreate extends Error {
  constructor(
    /** The object the service made. */
    readonly id: string,
    /** What is known of its state: the inputs and its id output (never a secret of the create's answer). */
    readonly outs: Props,
    /** Why it could not be finished (one line). */
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** Runs `finish` (the wait and read after a committed create); any failure becomes an UnfinishedCreate of `id`. */
export async function finishing<T>(id: string, outs: Props, finish: () => Promise<T>): Promise<T> {
  try {
    return await finish();
  } catch (error) {
    if (error instanceof UnfinishedCreate) throw error;
    throw new UnfinishedCreate(id, outs, error instanceof Error ? error.message : String(error));
  }
}
