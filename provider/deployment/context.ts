/**
 * What every provider operation runs with: settings from `configure()` (stack config first,
 * then environment variables), one shared client and the parent-list cache.
 *
 * Credentials are read here at run time and never captured by the serialized provider (no
 * resource's state holds them). The engine itself records the stack's config, `esign:apiKey`
 * included, as the inputs of the default `pulumi-nodejs` provider in the state (ciphertext
 * when set with --secret); ESIGN_API_KEY keeps the key out of state (DECISIONS D4).
 */
import type * as pulumi from "@pulumi/pulumi";
import type { ResultOf } from "../../contract";
import type { EsignClient } from "../client";
import { DEFAULT_BASE_URL } from "../client/options";
import { ParentListCache } from "./cache";
import { forgetRefusals, type KeyHolder } from "./errors";
import { parseSettings, type ParsedSettings, type SettingIssue } from "./settings";

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
  /** The key's account (GET /account once per context; deployment/account-pin.ts). */
  account(): Promise<KeyAccount>;
  /** Progress lines; the engine shows a dynamic provider's stderr as diagnostics. */
  log(message: string): void;
}

let settings: Settings = parseSettings(() => undefined).settings;
/** Settings that broke their rule at the last configure(), named (deployment/settings.ts). */
let settingIssues: SettingIssue[] = [];
let shared: ProviderContext | undefined;
let holder: KeyHolder = {};
/** Which host runs the resources: the dynamic one keeps a key fingerprint per resource (D63). */
let host: "dynamic" | "native" = "dynamic";

/** The native plugin says so once at start: its key fingerprint lives in the provider's inputs. */
export function useHost(which: "dynamic" | "native"): void {
  host = which;
}

/** Whether resources record the fingerprint of the key they were last deployed with. */
export function keyFingerprintPerResource(): boolean {
  return host === "dynamic";
}

/** The settings' broken rules, one line each (`esign:maxConcurrency: must be ...`). */
export function settingsProblems(): string[] {
  return settingIssues.map((i) => `${i.setting}: ${i.message}`);
}

/** The settings of the last configure() (for error lines that name where the key came from). */
export function currentSettings(): Settings {
  return settings;
}

/** The provider that holds the key, as the last configure() was told. */
export function keyHolder(): KeyHolder {
  return holder;
}

/** Throws one line naming each bad setting (`esign:maxConcurrency: must be ...`); check calls it, so preview fails. */
export function assertSettings(): void {
  const problems = settingsProblems();
  if (problems.length) throw new Error(`invalid provider settings: ${problems.join("; ")}`);
}

/**
 * Called by the engine once per provider process (and per serialized provider). `env`: where
 * unset settings fall back to (the native plugin's explicit providers pass none); `by`: the
 * explicit provider being configured (native plugin), named in its errors.
 */
export function configure(config: pulumi.dynamic.Config | undefined, env: NodeJS.ProcessEnv = process.env, by: KeyHolder = {}): void {
  const { settings: next, issues } = parseSettings((key) => config?.get(key), env);
  if (JSON.stringify(next) !== JSON.stringify(settings) || by.explicit !== holder.explicit) resetContext();
  settings = next;
  holder = by;
  settingIssues = issues;
}

/** Accounts a key was verified for by the native plugin's CheckConfig: the pin's read reuses them. */
const verified = new Map<string, KeyAccount>();

export function rememberAccount(baseUrl: string, apiKey: string, account: KeyAccount): void {
  verified.set(`${baseUrl}\0${apiKey}`, account);
}

/** The shared context; the client is made on first use, so check and diff never need a key. */
export function providerContext(): ProviderContext {
  if (shared) return shared;
  assertSettings();
  if (!settings.apiKey) {
    throw new Error(
      "esign:apiKey is not set: run `pulumi config set esign:apiKey --secret` or set ESIGN_API_KEY",
    );
  }
  // Loaded on first use: check and diff (all of an unchanged preview) never need the client,
  // and loading it (axios and its dependencies) was a fixed cost of every preview.
  const { EsignClient: Client } = require("../client") as typeof import("../client");
  const client = new Client({
    apiKey: settings.apiKey,
    baseUrl: settings.baseUrl,
    requestsPerMinute: settings.requestsPerMinute,
    maxConcurrency: settings.maxConcurrency,
  });
  let account: Promise<KeyAccount> | undefined;
  shared = {
    client,
    cache: new ParentListCache(),
    settings,
    holder,
    account() {
      if (account) return account;
      const known = verified.get(`${settings.baseUrl ?? DEFAULT_BASE_URL}\0${settings.apiKey}`);
      if (known) return (account = Promise.resolve(known));
      const read = client.account.get().then((a) => ({ accountId: a.account_id, email: a.email_address ?? undefined, answer: a }));
      account = read;
      // A failed read is not kept: the next operation asks again.
      read.catch(() => (account = undefined));
      return read;
    },
    log: (message) => console.error(`esign: ${message}`),
  };
  return shared;
}

/** Drops the shared client and caches: the next operation starts as a new provider process would. */
export function resetContext(): void {
  shared = undefined;
  forgetRefusals();
}
