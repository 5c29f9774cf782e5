/**
 * What every provider operation runs with. A host's configure makes a Deployment (settings
 * from stack config first, then environment variables; which provider holds the key; the
 * run it belongs to: deployment/run.ts) and passes it to each
 * operation; its context() is the shared client (made on first use), the parent-list cache and
 * the account read. No module state: a test or a host that serves several deployments in one
 * process makes a new Deployment instead of resetting anything.
 *
 * Credentials are read here at run time and never captured by the serialized provider (no
 * resource's state holds them). The engine itself records the stack's config, `esign:apiKey`
 * included, as the inputs of the default `pulumi-nodejs` provider in the state (ciphertext
 * when set with --secret); ESIGN_API_KEY keeps the key out of state (DECISIONS D4).
 */
import type { ResultOf } from "../../contract";
import type { EsignClient } from "../client";
import { DEFAULT_BASE_URL } from "../client/options";
import { ParentListCache } from "./cache";
import { EngineLog } from "./engine-log";
import type { HandOvers } from "./hand-over";
import { KeyFingerprints } from "./key-fingerprint";
import type { RemovalBudget } from "./removal-budget";
import { Run } from "./run";
import type { KeyHolder } from "./errors";
import { clientOptionsOf, parseSettings, type ParsedSettings, type SettingIssue } from "./settings";

export type Settings = ParsedSettings;

/** The account the key acts for: read once per context, objects are pinned to it (deployment/account-pin.ts). */
export interface KeyAccount {
  accountId: string;
  email?: string;
  /** GET /account's whole answer, so the getAccount lookup (native/lookups.ts) costs no second read. */
  answer: ResultOf<"account.get">;
}

export interface ProviderContext {
  client: EsignClient;
  cache: ParentListCache;
  settings: Settings;
  /** Which provider holds the key (an explicit one of the native plugin is named in errors). */
  holder: KeyHolder;
  /** What this run's diffs left for its creates (deployment/hand-over.ts). */
  handOvers: HandOvers;
  /** What the run's authoritative sets remove, against one limit for the run (deployment/removal-budget.ts). */
  removals: RemovalBudget;
  /** What the run accumulates (deployment/run.ts): the creates' book a lost answer's look reads. */
  run: Run;
  /** How long after a create a read that misses the object is taken for the service's lag; default READ_LAG_BOUND_MS (core/read-lag.ts, D120). */
  readLagMs?: number;
  /** The key's account (GET /account once per context; deployment/account-pin.ts). */
  account(): Promise<KeyAccount>;
  /** Progress lines; the engine shows a dynamic provider's stderr as diagnostics. */
  log(message: string): void;
  /** A warning in the command's diagnostics (`warning: esign: ...`). */
  warn(message: string): Promise<void>;
  /** A line shown only with `--debug`. */
  debug(message: string): Promise<void>;
}

/** Which host runs the resources: the dynamic one keeps a key fingerprint per resource (D63). */
export type Host = "dynamic" | "native";

/** What a configure was given: the config's getter, where unset settings fall back to, who holds the key. */
export interface ConfigureRequest {
  get(key: string): string | undefined;
  /** The native plugin's explicit providers pass none (D43). */
  env?: NodeJS.ProcessEnv;
  /** The explicit provider being configured (native plugin), named in its errors. */
  holder?: KeyHolder;
}

/** What a host's Deployments share across configures: the run, verified accounts, key fingerprints, the engine's log. */
export interface HostState {
  /** What the run accumulates (deployment/run.ts). */
  readonly run: Run;
  /** Accounts a key was verified for (the native plugin's CheckConfig): the pin's read reuses them. */
  readonly verified: ReadonlyMap<string, KeyAccount>;
  /** The key fingerprints the host computed (deployment/key-fingerprint.ts). */
  readonly keys: KeyFingerprints;
  readonly log: EngineLog;
  /** The read-after-create lag's bound, ms (default READ_LAG_BOUND_MS of core/read-lag.ts; fast tests shorten it). */
  readonly readLagMs?: number;
}

export class Deployment {
  readonly settings: Settings;
  /** Settings that broke their rule, named (deployment/settings.ts). */
  readonly issues: SettingIssue[];
  /** Which provider holds the key (an explicit one of the native plugin is named in errors). */
  readonly holder: KeyHolder;
  /** What the run accumulates: claims, hand-overs, the checkpoint read once, the creates' book, refusals said (deployment/run.ts). */
  readonly run: Run;
  /** Warnings and debug lines to the engine (stderr without one). */
  readonly log: EngineLog;
  /** The key fingerprints the host computed (deployment/key-fingerprint.ts). */
  readonly keys: KeyFingerprints;
  /** The read-after-create lag's bound (core/read-lag.ts); undefined: its default. */
  readonly readLagMs: number | undefined;
  private readonly verified: ReadonlyMap<string, KeyAccount>;
  private shared: ProviderContext | undefined;

  constructor(
    readonly host: Host,
    private readonly request: ConfigureRequest = { get: () => undefined },
    state: Partial<HostState> = {},
  ) {
    const { settings, issues } = parseSettings(request.get, request.env ?? process.env);
    this.settings = settings;
    this.issues = issues;
    this.holder = request.holder ?? {};
    this.run = state.run ?? new Run();
    this.verified = state.verified ?? new Map();
    this.keys = state.keys ?? new KeyFingerprints();
    this.log = state.log ?? new EngineLog(undefined);
    this.readLagMs = state.readLagMs;
  }

  /** What a successor of this deployment keeps: the run and the host's state. */
  private get kept(): HostState {
    return { run: this.run, verified: this.verified, keys: this.keys, log: this.log, readLagMs: this.readLagMs };
  }

  /** The run's hand-overs, as a resource's diff reads them (deployment/hand-over.ts DiffRun). */
  get handOvers(): HandOvers {
    return this.run.handOvers;
  }

  /**
   * The deployment after a configure: this one when nothing changed, else one with the new
   * settings and a new client and cache that keeps the run (the same run goes on).
   */
  reconfigure(request: ConfigureRequest): Deployment {
    const next = new Deployment(this.host, request, this.kept);
    const same = JSON.stringify([next.settings, next.issues]) === JSON.stringify([this.settings, this.issues]) && next.holder.explicit === this.holder.explicit;
    return same ? this : next;
  }

  /**
   * This deployment with warnings and debug lines sent to `log` (the native plugin's engine
   * address, from its argument or Attach): the settings, the key's holder and the run's state
   * stay, so an Attach after Configure keeps an explicit provider's key.
   */
  withLog(log: EngineLog): Deployment {
    return new Deployment(this.host, this.request, { ...this.kept, log });
  }

  /** Whether resources record the fingerprint of the key they were last deployed with. */
  get keyFingerprintPerResource(): boolean {
    return this.host === "dynamic";
  }

  /** The settings' broken rules, one line each (`esign:maxConcurrency: must be ...`). */
  settingsProblems(): string[] {
    return this.issues.map((i) => `${i.setting}: ${i.message}`);
  }

  /** Throws one line naming each bad setting; check calls it, so preview fails. */
  assertSettings(): void {
    const problems = this.settingsProblems();
    if (problems.length) throw new Error(`invalid provider settings: ${problems.join("; ")}`);
  }

  /** The shared context; the client is made on first use, so check and diff never need a key. */
  context(): ProviderContext {
    if (this.shared) return this.shared;
    this.assertSettings();
    const settings = this.settings;
    if (!settings.apiKey) {
      throw new Error("esign:apiKey is not set: run `pulumi config set esign:apiKey --secret` or set ESIGN_API_KEY");
    }
    // Loaded on first use: check and diff (all of an unchanged preview) never need the client,
    // and loading it (axios and its dependencies) was a fixed cost of every preview.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { EsignClient: Client }: typeof import("../client") = require("../client");
    const client = new Client({ ...clientOptionsOf(settings), onWarnings: this.run.warnings.to(this.log) });
    const verified = this.verified;
    const engineLog = this.log;
    let account: Promise<KeyAccount> | undefined;
    this.shared = {
      client,
      cache: new ParentListCache(),
      settings,
      holder: this.holder,
      handOvers: this.run.handOvers,
      removals: this.run.removals,
      run: this.run,
      readLagMs: this.readLagMs,
      account() {
        if (account) return account;
        const known = verified.get(accountKey(settings.baseUrl ?? DEFAULT_BASE_URL, settings.apiKey!));
        if (known) return (account = Promise.resolve(known));
        const read = client.account.get().then((a) => ({ accountId: a.account_id, email: a.email_address ?? undefined, answer: a }));
        account = read;
        // A failed read is not kept: the next operation asks again.
        read.catch(() => (account = undefined));
        return read;
      },
      log: (message) => console.error(`esign: ${message}`),
      warn: (message) => engineLog.warn(message),
      debug: (message) => engineLog.debug(message),
    };
    return this.shared;
  }
}

/** The verified-accounts map's key for a base URL and a key. */
export const accountKey = (baseUrl: string, apiKey: string) => `${baseUrl}\0${apiKey}`;
