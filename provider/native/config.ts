/**
 * The provider's own settings in the native plugin: CheckConfig, DiffConfig and Configure
 * over the SETTINGS table (deployment/settings.ts), so a setting has one rule in both
 * hosts. The default provider (named `default...` by the engine) reads the stack's `esign:*`
 * config and falls back to the ESIGN_* variables; an explicit provider reads only its own
 * inputs, so it can never act with a key from the environment by accident. A changed key is
 * verified at CheckConfig, before the engine records it (DECISIONS D63).
 */
import { accountKey, type KeyAccount } from "../deployment/context";
import { roleWithoutApi } from "../deployment/account-pin";
import { isRoleRefusal } from "../client/errors";
import { KEY_FINGERPRINT, KeyFingerprints } from "../deployment/key-fingerprint";
import { parseSettings, SETTINGS } from "../deployment/settings";
import { DEFAULT_BASE_URL } from "../client/options";
import { UNKNOWN } from "../core/unknowns";
import { urnName } from "../pulumi-state/type-token";
import { isSecret, reveal, secret, type Json } from "./secrets";

const NAMES = new Set<string>(SETTINGS.map((s) => s.name));

/** A provider resource's name from its URN (`...::pulumi:providers:esign::eu` -> `eu`). */
export function providerName(urn: string | undefined): string {
  return urnName(urn ?? "");
}

/** The engine names the providers it makes from stack config `default` or `default_<version>`. */
export function isDefaultProvider(name: string): boolean {
  return name === "default" || name.startsWith("default_");
}

/** A setting's value as the text parseSettings reads (config values are text; explicit inputs may be typed). */
function asText(value: unknown): string | undefined {
  const v = reveal(value);
  if (v === undefined || v === null || v === UNKNOWN) return undefined;
  return typeof v === "string" ? v : JSON.stringify(v);
}

const isUnknownValue = (value: unknown) => reveal(value) === UNKNOWN;

/**
 * The settings map (`esign:<name>` -> text) of a provider's inputs. Inputs arrive as the
 * provider resource's properties (`apiKey`) or, from older engines, as config variables
 * (`esign:config:apiKey`).
 */
export function settingsMap(inputs: Json): Record<string, string | undefined> {
  const map: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(inputs)) {
    const name = key.replace(/^esign:(config:)?/, "");
    if (NAMES.has(name)) map[`esign:${name}`] = asText(value);
  }
  return map;
}

export interface ConfigFailure {
  property: string;
  reason: string;
}

/** The provider input that records which account the key was verified for (with KEY_FINGERPRINT). */
export const KEY_ACCOUNT = "keyAccountId";

/** Reads a key's account (GET /account); throws the client's error (a 401 for a refused key). */
export type AccountReader = (baseUrl: string, apiKey: string) => Promise<KeyAccount>;

const readAccount: AccountReader = async (baseUrl, apiKey) => {
  // Loaded on first use: a preview with an unchanged key never needs the HTTP client (axios).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { EsignClient }: typeof import("../client") = require("../client");
  const a = await new EsignClient({ apiKey, baseUrl }).account.get();
  return { accountId: a.account_id, email: a.email_address ?? undefined, answer: a };
};

/** What CheckConfig keeps on its host (native/host.ts): the accounts it verified a key for (the account pin's read reuses them), the fingerprints it computed. */
export interface ConfigMemory {
  verified: Map<string, KeyAccount>;
  keys: KeyFingerprints;
}

/** CheckConfig: each setting's rule, and an explicit provider's key; the key is kept secret and, when it changed, verified. */
export async function checkConfig(
  urn: string,
  news: Json,
  olds: Json = {},
  read: AccountReader = readAccount,
  memory: ConfigMemory = { verified: new Map(), keys: new KeyFingerprints() },
): Promise<{ inputs: Json; failures: ConfigFailure[] }> {
  const name = providerName(urn);
  const explicit = !isDefaultProvider(name);
  const known = Object.fromEntries(Object.entries(news).filter(([, v]) => !isUnknownValue(v)));
  const { issues } = parseSettings((k) => settingsMap(known)[k], {});
  const failures = issues.map((i) => ({ property: i.setting.replace(/^esign:/, ""), reason: `${i.setting}: ${i.message}` }));
  // The key and URL the provider will act with: the default provider's may come from ESIGN_*.
  const { settings } = parseSettings((k) => settingsMap(known)[k], explicit ? {} : process.env);
  if (explicit && news.apiKey === undefined) {
    failures.push({
      property: "apiKey",
      reason: `provider ${name}: apiKey is required (an explicit provider never falls back to ESIGN_API_KEY, so it cannot act for an account by accident)`,
    });
  }
  const inputs = { ...news };
  delete inputs[KEY_FINGERPRINT];
  delete inputs[KEY_ACCOUNT];
  // Whatever the program passed, the key is stored as a secret in the state.
  if (inputs.apiKey !== undefined && !isSecret(inputs.apiKey)) inputs.apiKey = secret(inputs.apiKey);
  if (failures.length || !settings.apiKey || isUnknownValue(news.apiKey)) return { inputs, failures };
  const key: KeyUse = {
    key: settings.apiKey,
    baseUrl: settings.baseUrl ?? DEFAULT_BASE_URL,
    allowed: settings.allowedAccountIds,
    label: explicit ? `provider ${name}: apiKey` : "esign:apiKey / ESIGN_API_KEY",
  };
  const verdict = await verifyKeyChange(key, olds, read, memory);
  if ("reason" in verdict) return { inputs, failures: [{ property: "apiKey", reason: verdict.reason }] };
  return { inputs: { ...inputs, ...verdict.record }, failures };
}

interface KeyUse {
  key: string;
  baseUrl: string;
  allowed?: string[];
  /** Where the user sets the key, for the failure line. */
  label: string;
}

/**
 * What to record for the key in use: the old record when it names this key; a new fingerprint
 * without a request when there is nothing to compare with (a new provider, or state from before
 * fingerprints whose key did not change); else the verdict of one read of the new key's account.
 */
async function verifyKeyChange(use: KeyUse, olds: Json, read: AccountReader, memory: ConfigMemory): Promise<{ record: Json } | { reason: string }> {
  const { keys, verified } = memory;
  const oldFingerprint = olds[KEY_FINGERPRINT];
  const recordedAccount: unknown = olds[KEY_ACCOUNT];
  const oldAccount = typeof recordedAccount === "string" ? recordedAccount : undefined;
  if (typeof oldFingerprint === "string" && (await keys.matchesKey(oldFingerprint, use.key)))
    return { record: { [KEY_FINGERPRINT]: oldFingerprint, ...(oldAccount ? { [KEY_ACCOUNT]: oldAccount } : {}) } };
  const oldKey = asText(olds.apiKey);
  if (oldFingerprint === undefined && oldKey !== undefined && oldKey === use.key) return { record: { [KEY_FINGERPRINT]: await keys.fingerprint(use.key) } };
  if (oldFingerprint === undefined && oldKey === undefined) return recordNewKey(use, read, memory);
  const refused = `${use.label}: the API key changed since the last deployment and`;
  let account: KeyAccount;
  try {
    account = await read(use.baseUrl, use.key);
  } catch (error) {
    if (isRoleRefusal(error)) {
      return {
        reason: `${refused} the service refused the new key's account (401 "Unauthorized API usage"): only accounts with the Developer or Admin team role may make API calls: use a key of one; it was not recorded`,
      };
    }
    const status = typeof error === "object" && error !== null && "status" in error ? error.status : undefined;
    if (status === 401) return { reason: `${refused} the new key was refused (401 unauthorized) by ${use.baseUrl}; it was not recorded` };
    return { reason: `${refused} the new key could not be verified at ${use.baseUrl} (${error instanceof Error ? error.message : error}); it was not recorded` };
  }
  const role = roleWithoutApi(account.answer);
  if (role) {
    return {
      reason: `${refused} the new key's account ${account.accountId} is a team ${role}; only accounts with the Developer or Admin team role may make API calls: use a key of one; it was not recorded`,
    };
  }
  // Without a recorded account (state from before it), the old key says which account it was, while it still works.
  const expected =
    oldAccount ??
    (oldKey !== undefined
      ? await read(use.baseUrl, oldKey).then(
          (a) => a.accountId,
          () => undefined,
        )
      : undefined);
  if (expected !== undefined && expected !== account.accountId) {
    return { reason: `${refused} the new key is for account ${account.accountId}, but this provider's objects belong to account ${expected}; it was not recorded: use a key of account ${expected}` };
  }
  if (use.allowed && !use.allowed.includes(account.accountId)) {
    return { reason: `${refused} the new key is for account ${account.accountId}, which is not in esign:allowedAccountIds (${use.allowed.join(", ")}); it was not recorded` };
  }
  verified.set(accountKey(use.baseUrl, use.key), account);
  return { record: { [KEY_FINGERPRINT]: await keys.fingerprint(use.key), [KEY_ACCOUNT]: account.accountId } };
}

/**
 * A new provider's key (nothing recorded before): fingerprinted, and its account read once and
 * recorded, so a later key change is verified with one read of the new key alone (the old
 * key's account is then known without reading it). The read is the one the account pin would
 * make (it reuses it), so an `up` pays nothing more; a failed read records no account and
 * leaves the key's errors to the operations, which say them in full (D32, D61).
 */
async function recordNewKey(use: KeyUse, read: AccountReader, { keys, verified }: ConfigMemory): Promise<{ record: Json }> {
  const record: Json = { [KEY_FINGERPRINT]: await keys.fingerprint(use.key) };
  try {
    const account = await read(use.baseUrl, use.key);
    verified.set(accountKey(use.baseUrl, use.key), account);
    record[KEY_ACCOUNT] = account.accountId;
  } catch {
    // Refused or unreachable: the first operation says why, naming the provider.
  }
  return { record };
}

/** DiffConfig: which settings changed. A change never replaces the provider (that would replace every resource it manages). */
export function diffConfig(olds: Json, news: Json): { changed: string[] } {
  const changed = SETTINGS.map((s): string => s.name).filter((name) => {
    if (isUnknownValue(news[name])) return true;
    return asText(olds[name]) !== asText(news[name]);
  });
  // A key from ESIGN_API_KEY is not an input, but its fingerprint is: a new one is a key change.
  const fingerprintChanged = olds[KEY_FINGERPRINT] !== undefined && olds[KEY_FINGERPRINT] !== news[KEY_FINGERPRINT];
  if (fingerprintChanged && !changed.includes("apiKey")) changed.unshift("apiKey");
  return { changed };
}
/** The settings Configure applies: explicit providers see only their inputs, the default one also the environment. */
export function configuredSettings(name: string | undefined, inputs: Json) {
  const map = settingsMap(inputs);
  const env = name === undefined || isDefaultProvider(name) ? process.env : {};
  return { get: (key: string) => map[key], env };
}
