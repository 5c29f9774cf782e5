/**
 * Why patched: the SDK's dynamic provider host prints `${e}: ${e.stack}` to stderr for a failed
 * check, diff, read or delete, repeating the one line the engine already shows as the error.
 */
/**
 * The echoes to drop, and whether console.error is patched: module state on purpose (one of the
 * two exceptions test/architecture/module-state.test.ts allows), as console is the process's.
 */
const echoes = { reported: new Set<string>(), patched: false };

/** Drops the host's stderr echo of `error` (printed at most once, then forgotten). */
export function dropHostEcho(error: Error): void {
  echoes.reported.add(`${error}: ${error.stack}`);
  if (echoes.patched) return;
  echoes.patched = true;
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    if (args.length === 1 && typeof args[0] === "string" && echoes.reported.delete(args[0])) return;
    original(...args);
  };
}
