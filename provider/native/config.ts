/**
 * The provider's own settings in the native plugin: CheckConfig, DiffConfig and Configure
 * over the SETTINGS table (resources/support/settings.ts), so a setting has one rule in both
 * hosts. The default provider (named `default...` by the engine) reads the stack's `esign:*`
 * config and falls back to the ESIGN_* variables; an explicit provider reads only its own
 * inputs, so it can never act with a key from the environment by accident.
 */
import { parseSettings, SETTINGS } from "../resources/support/settings";
import { UNKNOWN } from "../resources/support/unknowns";
import { isSecret, reveal, secret, type Json } from "./secrets";

const NAMES = new Set(SETTINGS.map((s) => s.name as string));

/** A provider resource's name from its URN (`...::pulumi:providers:esign::eu` -> `eu`). */
export function providerName(urn: string | undefined): string {
  return (urn ?? "").split("::").pop() ?? "";
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

/** CheckConfig: each setting's rule, and an explicit provider's key; the key is kept secret. */
export function checkConfig(urn: string, news: Json): { inputs: Json; failures: ConfigFailure[] } {
  const explicit = !isDefaultProvider(providerName(urn));
  const known = Object.fromEntries(Object.entries(news).filter(([, v]) => !isUnknownValue(v)));
  const { issues } = parseSettings((k) => settingsMap(known)[k], {});
  const failures = issues.map((i) => ({ property: i.setting.replace(/^esign:/, ""), reason: `${i.setting}: ${i.message}` }));
  if (explicit && news.apiKey === undefined) {
    failures.push({
      property: "apiKey",
      reason: `provider ${providerName(urn)}: apiKey is required (an explicit provider never falls back to ESIGN_API_KEY, so it cannot act for an account by accident)`,
    });
  }
  const inputs = { ...news };
  // Whatever the program passed, the key is stored as a secret in the state.
  if (inputs.apiKey !== undefined && !isSecret(inputs.apiKey)) inputs.apiKey = secret(inputs.apiKey);
  return { inputs, failures };
}

/** DiffConfig: which settings changed. A change never replaces the provider (that would replace every resource it manages). */
export function diffConfig(olds: Json, news: Json): { changed: string[] } {
  const changed = SETTINGS.map((s) => s.name as string).filter((name) => {
    if (isUnknownValue(news[name])) return true;
    return asText(olds[name]) !== asText(news[name]);
  });
  return { changed };
}

/** The settings Configure applies: explicit providers see only their inputs, the default one also the environment. */
export function configuredSettings(name: string | undefined, inputs: Json) {
  const map = settingsMap(inputs);
  const env = name === undefined || isDefaultProvider(name) ? process.env : {};
  return { get: (key: string) => map[key], env };
}
