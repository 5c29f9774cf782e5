/**
 * Why patched: the SDK's dynamic provider host prints `${e}: ${e.stack}` to stderr for a failed
 * check, diff, read or delete, repeating the one line the engine already shows as the error.
 */
const reported = new Set<string>();
let filtering = false;

/** Drops the host's stderr echo of `error` (printed at most once, then forgotten). */
export function dropHostEcho(error: Error): void {
  reported.add(`${error}: ${error.stack}`);
  if (filtering) return;
  filtering = true;
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    if (args.length === 1 && typeof args[0] === "string" && reported.delete(args[0])) return;
    original(...args);
  };
}
