/**
 * The provider's settings in zod (the knob language of resource inputs): each setting's config
 * key (`esign:<name>`), environment variable, description, whether it is secret, and its rule. Read by the provider context
 * (dynamic and native hosts alike), the native plugin's schema (its `config` and provider
 * inputs) and the docs, so a setting is declared once.
 */
import { z } from "zod";
import { baseUrlProblem, DEFAULT_BASE_URL, type EsignClientOptions } from "../client/options";
import { innerOf, metaOf } from "../schema/from-zod";

/** The API's URL as a setting's rule (D33, D143): ending in /v3, and plain http:// only to this machine. */
const baseUrlSetting = z.string().check((ctx) => {
  // Ending in /v3 is what lets a 404 envelope mean "gone" (DECISIONS D33): a base URL
  // without it reaches the service's "no such endpoint" 404 for every object.
  const problem = /^https?:\/\/[^\s/]+(\/\S*)?\/v3\/?$/.test(ctx.value)
    ? baseUrlProblem(ctx.value)
    : `must be the API's http(s) URL ending in /v3 (e.g. ${DEFAULT_BASE_URL}), got ${JSON.stringify(ctx.value)}`;
  if (problem) ctx.issues.push({ code: "custom", message: problem, input: ctx.value });
});

/**
 * The settings, declared once as zod like a resource's inputs: each key is `esign:<key>` in
 * stack config and a provider input in the schema; its meta gives the environment variable,
 * whether it is secret, its description and (when applied elsewhere) the default the docs state.
 */
export const providerSettings = z.object({
  apiKey: z.string().optional().meta({
    env: "ESIGN_API_KEY",
    secret: true,
    description: "The API key of the account to manage. Set it with `pulumi config set esign:apiKey --secret` or the ESIGN_API_KEY environment variable (which keeps it out of the stack's state).",
  }),
  baseUrl: baseUrlSetting.optional().meta({
    env: "ESIGN_BASE_URL",
    // The client applies it (client/options.ts); a setting left out stays out of the provider's inputs.
    defaultText: DEFAULT_BASE_URL,
    description: "The API's base URL, ending in /v3 (e.g. http://127.0.0.1:8787/v3 for the local service).",
  }),
  requestsPerMinute: z.int().min(1).optional().meta({
    env: "ESIGN_REQUESTS_PER_MINUTE",
    description:
      "The most standard-tier API requests a minute the provider sends. Default: half of the account's limit as the service states it (X-RateLimit-Limit: 50 of the standard 100, half of 25 for high-tier operations), because the limit is per account and shared with the account's own traffic; within each minute the provider also leaves other callers what it sees them using, and never sends more than X-RateLimit-Remaining allows. To give the provider all of it (no other traffic on the account, a maintenance window), set it to the account's limit, e.g. 100.",
  }),
  maxConcurrency: z.int().min(1).optional().meta({ env: "ESIGN_MAX_CONCURRENCY", description: "The most API requests in flight at once (default 4)." }),
  templateTimeoutSeconds: z
    .number()
    .positive()
    .default(300)
    .meta({ env: "ESIGN_TEMPLATE_TIMEOUT_SECONDS", description: "How long a Template waits for the service's processing of its files, in seconds." }),
  allowedAccountIds: z.array(z.string()).optional().meta({
    env: "ESIGN_ALLOWED_ACCOUNT_IDS",
    description: "The account ids this stack may act for (a JSON list or a comma-separated string); any other key's account is refused before a request is sent.",
  }),
  /** Template texts through the hidden POST /template/update (D123); off by default. */
  legacyTemplateUpdate: z.boolean().optional().meta({
    env: "ESIGN_LEGACY_TEMPLATE_UPDATE",
    defaultText: "false",
    description:
      "Change a Template's title, subject, message and ccRoles in place through `POST /template/update/{template_id}`, a route the service never documented and removed from its description and SDKs in May 2026 (D123). Off (the default), such a change replaces the template (the grants follow the new id), and an adopted template's texts are changed in the web UI. Turn it on only for a service that still answers the route.",
  }),
});

export type SettingName = keyof (typeof providerSettings)["shape"];

/** One setting as the schema, the docs and the hosts read it (derived from providerSettings). */
export interface SettingSpec {
  /** The camelCase name: `esign:<name>` in stack config, the provider input in the schema. */
  name: SettingName;
  env: string;
  type: "string" | "integer" | "number" | "boolean" | "string[]";
  secret?: boolean;
  description: string;
  default?: string | number;
  /** The value's rule. */
  schema: z.ZodType;
}

function typeOf(schema: z.ZodType): SettingSpec["type"] {
  const inner = innerOf(schema);
  if (inner instanceof z.ZodNumber) return inner.format === "safeint" ? "integer" : "number";
  if (inner instanceof z.ZodBoolean) return "boolean";
  if (inner instanceof z.ZodArray) return "string[]";
  return "string";
}

function specOf(name: SettingName, schema: z.ZodType): SettingSpec {
  const { env, secret, description, defaultText } = metaOf(schema);
  if (!env || !description) throw new Error(`setting ${name} needs meta({ env, description })`);
  const value: unknown = schema instanceof z.ZodDefault ? schema.def.defaultValue : defaultText;
  return { name, env, type: typeOf(schema), ...(secret ? { secret } : {}), description, ...(typeof value === "string" || typeof value === "number" ? { default: value } : {}), schema };
}

export const SETTINGS: readonly SettingSpec[] = providerSettings.keyof().options.map((name) => specOf(name, providerSettings.shape[name]));

export interface SettingIssue {
  /** The config key, e.g. `esign:maxConcurrency` (or the environment variable it came from). */
  setting: string;
  message: string;
}

export type ParsedSettings = z.output<typeof providerSettings> & {
  /** Where each given setting came from: `esign:apiKey` (stack config) or `ESIGN_API_KEY (esign:apiKey)`. */
  sources: Partial<Record<SettingName, string>>;
};

/**
 * Reads every setting from `get` (stack config: `esign:<name>`), falling back to its
 * environment variable; values that break their rule are listed as issues naming the setting
 * (and where it came from), never turned into NaN.
 */
export function parseSettings(get: (key: string) => string | undefined, env: NodeJS.ProcessEnv = process.env): { settings: ParsedSettings; issues: SettingIssue[] } {
  const issues: SettingIssue[] = [];
  const out: Record<string, unknown> = {};
  const sources: Partial<Record<SettingName, string>> = {};
  for (const spec of SETTINGS) {
    const key = `esign:${spec.name}`;
    const fromConfig = get(key);
    const raw = fromConfig ?? (env[spec.env] || undefined);
    const where = fromConfig !== undefined ? key : `${spec.env} (${key})`;
    if (raw === undefined) continue;
    sources[spec.name] = where;
    const parsed = parseValue(spec, raw);
    if ("error" in parsed) issues.push({ setting: where, message: parsed.error });
    else out[spec.name] = parsed.value;
  }
  // Every value passed its setting's schema; the defaults are the schema's own.
  return { settings: { ...providerSettings.parse(out), sources }, issues };
}

/** A setting's text (config values and variables are text) as its type, then checked by its schema. */
function parseValue(spec: SettingSpec, raw: string): { value: unknown } | { error: string } {
  const read = readText(spec, raw);
  if ("error" in read) return read;
  const checked = spec.schema.safeParse(read.value);
  return checked.success ? { value: checked.data } : { error: checked.error.issues[0].message };
}

function readText(spec: SettingSpec, raw: string): { value: unknown } | { error: string } {
  const text = raw.trim();
  switch (spec.type) {
    case "string":
      return { value: text };
    case "integer": {
      const n = Number(text);
      if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n < 1) return { error: `must be a whole number of at least 1, got ${JSON.stringify(raw)}` };
      return { value: n };
    }
    case "number": {
      const n = Number(text);
      if (text === "" || !Number.isFinite(n) || n <= 0) return { error: `must be a number greater than 0, got ${JSON.stringify(raw)}` };
      return { value: n };
    }
    case "boolean":
      if (!/^(true|false)$/i.test(text)) return { error: `must be true or false, got ${JSON.stringify(raw)}` };
      return { value: text.toLowerCase() === "true" };
    case "string[]": {
      let list: unknown = undefined;
      if (text.startsWith("[")) {
        try {
          list = JSON.parse(text);
        } catch {
          return { error: `must be a JSON list of account ids or a comma-separated string, got ${JSON.stringify(raw)}` };
        }
      } else
        list = text
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean);
      if (!Array.isArray(list) || list.some((v) => typeof v !== "string" || v.trim() === "")) {
        return { error: "must be a list of account ids (non-empty strings)" };
      }
      return { value: list.map((v: string) => v.trim()) };
    }
  }
}

/** The client a provider with these settings acts through, as options: written once for every host and command. */
export function clientOptionsOf(settings: ParsedSettings): EsignClientOptions {
  return { apiKey: settings.apiKey, baseUrl: settings.baseUrl, requestsPerMinute: settings.requestsPerMinute, maxConcurrency: settings.maxConcurrency };
}
