/**
 * The exit codes of every `esign` command, one table (D105). Each outcome a CI job acts on has
 * its own code, so a typo (`esign drfit`, 64) never reads as drift (2), and a failure (1) never
 * as a finding.
 */
export const EXIT = {
  /** Done; for drift: the service matches git. */
  OK: 0,
  /** Something failed (the service, the engine, a file): the one-line error on stderr says what. */
  FAILURE: 1,
  /** Drift found (also when unmanaged objects were found besides: drift is what `up` would undo). */
  DRIFT: 2,
  /** Unmanaged objects found (objects in the service no stack declares), and no drift. */
  UNMANAGED: 3,
  /** `esign recover` could not decide between candidates; nothing was changed. */
  AMBIGUOUS: 4,
  /** A usage error: unknown command, unknown or bad flag (as sysexits.h's EX_USAGE). */
  USAGE: 64,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The exit code of a report that found `drift` and/or `unmanaged` objects: drift wins. */
export function findingsExit(found: { drift: boolean; unmanaged?: boolean }): ExitCode {
  if (found.drift) return EXIT.DRIFT;
  if (found.unmanaged) return EXIT.UNMANAGED;
  return EXIT.OK;
}

/** The table as the `--help` texts and docs print it. */
export const EXIT_CODE_LINES: string[] = [
  "  0   done (for drift: no drift, nothing unmanaged)",
  "  1   failure (the line on stderr says what)",
  "  2   drift found (also when unmanaged objects were found too)",
  "  3   unmanaged objects found, and no drift",
  "  4   recover could not decide (ambiguous candidates; nothing changed)",
  "  64  usage error (unknown command, unknown or bad flag)",
];
