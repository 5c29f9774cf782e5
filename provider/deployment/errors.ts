/**
 * A failed provider operation as one readable line, without a stack trace.
 *
 * The SDK's dynamic provider host prints `${e}: ${e.stack}` to stderr when check, diff, read or
 * delete fails (the engine shows that as output, stack and all, the message twice) and hands
 * `e.message` to the engine, which prints it as the step's error. Errors leave the runtime as
 * a ProviderError whose message is the one line (EsignApiError's already names the operation,
 * the status and the service's message, redacted), and the host's stderr line for exactly
 * that error is dropped (the dynamic host: host-patches/host-echo.ts). The cause's stack goes
 * to the engine as a debug line: `--debug` shows it.
 */
import type { EngineLog } from "./engine-log";

export class ProviderError extends Error {
  override readonly name = "esign";

  constructor(message: string) {
    super(message);
    // Nothing to trace here: the cause's stack is logged at debug level instead.
    this.stack = `${this.name}: ${message}`;
  }
}

/**
 * A create the service committed that could not be finished (core/unfinished-create.ts, D121):
 * `id`, `properties` and `reasons` are what both hosts hand the engine as its partial failure
 * (ErrorResourceInitFailed), so the engine records the object and the next `up` continues from it.
 */
export class PartialCreate extends ProviderError {
  readonly reasons: string[];

  constructor(
    message: string,
    readonly id: string,
    readonly properties: Record<string, unknown>,
  ) {
    super(message);
    this.reasons = [message];
  }

  /** The same failure with the properties as a host hands them over (its own keys added, secrets wrapped). */
  withProperties(change: (properties: Record<string, unknown>) => Record<string, unknown>): PartialCreate {
    return new PartialCreate(this.message, this.id, change(this.properties));
  }
}

/** `error` as a ProviderError for `what` (e.g. "ApiApp delete"); the cause at debug level. */
export async function readable(error: unknown, what: string, log: EngineLog): Promise<ProviderError> {
  if (error instanceof ProviderError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error ? (error.stack ?? message) : message;
  await log.debug(`${what} failed; cause: ${cause}`);
  return new ProviderError(message);
}

/** Which provider holds the key: an explicit provider's name (native plugin), or the default provider. */
export interface KeyHolder {
  /** `acct-f` for `new esign.Provider("acct-f", ...)`; undefined for the default provider. */
  explicit?: string;
}

/** Where to fix the key, for error lines: the explicit provider's input, or the stack's settings. */
export function keyToFix(holder: KeyHolder): string {
  return holder.explicit ? `the apiKey of provider ${holder.explicit}` : "esign:apiKey / ESIGN_API_KEY";
}

/**
 * A 401 as one line: who refused the key, which provider holds it and where the key came from
 * and, when it came from recorded inputs, why a refresh or destroy may still hold an old one:
 * without --run-program they configure the provider with the inputs recorded at the last `up`
 * (DECISIONS D32). An explicit provider reads only its own inputs (D43), so the stack's
 * esign:apiKey is the wrong place to look for it (D61).
 */
export function refusedKeyLine(what: string, baseUrl: string, keySource: string | undefined, holder: KeyHolder = {}): string {
  if (holder.explicit) {
    const name = holder.explicit;
    return (
      `${what}: provider ${name}: the API key was refused (401 unauthorized) by ${baseUrl}: check the apiKey of provider ${name} ` +
      "(an explicit provider reads only its own inputs, never esign:apiKey or ESIGN_API_KEY). A refresh or destroy without " +
      `--run-program uses provider ${name}'s apiKey as recorded at the last \`pulumi up\`: add --run-program to use the program's`
    );
  }
  const head = `${what}: the API key was refused (401 unauthorized) by ${baseUrl}: check esign:apiKey / ESIGN_API_KEY`;
  if (keySource !== "esign:apiKey") {
    const from = keySource?.startsWith("ESIGN_API_KEY") ? "the ESIGN_API_KEY environment variable" : (keySource ?? "nowhere");
    return `${head} (the key in use came from ${from})`;
  }
  return (
    `${head}. The key in use is esign:apiKey as recorded at the last \`pulumi up\` when this is a refresh, ` +
    "destroy or --refresh without --run-program: after rotating the key run `pulumi up`, or add --run-program " +
    "(`pulumi refresh --run-program`, `pulumi destroy --run-program`)"
  );
}

/**
 * A refusal that concerns the provider's key, so every resource of the stack would fail the
 * same way (a refused key, another account's key, an account outside allowedAccountIds):
 * `message` is the full line, `summary` the few words that identify it.
 */
export class KeyRefusal extends Error {
  constructor(
    message: string,
    readonly summary: string,
    readonly holder: KeyHolder,
    readonly subject?: string,
  ) {
    super(message);
  }
}

/** The words of the short line, so a reader of the engine's output (esign drift) can tell it from the full one. */
export const POINTS_TO_FULL = "the reason and the fix are in the one error given in full";

/**
 * The line for a key refusal: in full the first time this deployment meets it (`saidInFull`:
 * the summaries already given), then a short line pointing to it, so a stack of 300 resources
 * prints the paragraph once (D62).
 */
export function onceInFull(saidInFull: Set<string>, what: string, refusal: KeyRefusal): string {
  if (!saidInFull.has(refusal.summary)) {
    saidInFull.add(refusal.summary);
    return refusal.message;
  }
  const who = refusal.holder.explicit ? `provider ${refusal.holder.explicit}` : "the default provider";
  return `${refusal.subject ?? what}: refused: ${refusal.summary}; ${POINTS_TO_FULL} for ${who}`;
}

/**
 * The team roles the service lets make API calls are Developer and Admin; a Member's or Team
 * Manager's key is refused (401 "Unauthorized API usage. Ask your team admin to make you a
 * developer on the Team page.": real-service-evidence.md §2, §3). `role` is the account's role
 * when GET /account named it; without it the line rests on the service's 401.
 */
export function roleRefusalLine(what: string, holder: KeyHolder, account?: { id: string; role: string }): string {
  const whose = account ? `the API key's account ${account.id} is a team ${account.role}` : `the service refused the API key's account (401 "Unauthorized API usage")`;
  return (
    `${what}: refused: ${whose}, and only accounts with the Developer or Admin team role may make API calls: ` +
    `ask a team admin to make it a Developer on the Team page, or set ${keyToFix(holder)} to the key of an account with the Developer or Admin role`
  );
}

/** The few words that identify a role refusal (D62's short line). */
export const ROLE_REFUSAL_SUMMARY = "the API key's account lacks the Developer or Admin team role";
