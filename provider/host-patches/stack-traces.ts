/**
 * Why patched: while the SDK registers a dynamic resource it formats a stack trace for every
 * output promise (a fifth of an unchanged 1,000-member preview under ts-node), and it records
 * the resource's source position as the first frame past its own constructors: our class, not
 * the user's `new`. Both are undone for the synchronous span of the constructor only
 * (dynamic/esign-resource.ts); PULUMI_DEBUG_PROMISE_LEAKS keeps the promise traces.
 */
const keepPromiseStacks = () => !!process.env.PULUMI_DEBUG_PROMISE_LEAKS;

function withoutOwnFrames(previous: typeof Error.prepareStackTrace, ownDirs: readonly string[]): NonNullable<typeof Error.prepareStackTrace> {
  return (error, frames) => {
    const theirs = frames.filter((f) => !ownDirs.some((dir) => (f.getFileName() ?? "").startsWith(dir)));
    return previous ? previous(error, theirs) : `${error}${theirs.map((f) => `\n    at ${f}`).join("")}`;
  };
}

/** Patches stack traces as above, leaving out frames under `ownDirs`; returns what restores them. */
export function registeringQuietly(ownDirs: readonly string[]): () => void {
  const limit = Error.stackTraceLimit;
  const prepare = Error.prepareStackTrace;
  if (!keepPromiseStacks()) Error.stackTraceLimit = 0;
  Error.prepareStackTrace = withoutOwnFrames(prepare, ownDirs);
  return () => {
    Error.stackTraceLimit = limit;
    Error.prepareStackTrace = prepare;
  };
}
