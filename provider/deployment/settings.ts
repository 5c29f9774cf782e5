/**
 * The provider's settings as data: each setting's config key (`esign:<name>`), environment
 * variable, description, whether it is secret, and its rule. Read by the provider context
 * (dynamic and native hosts alike), the native plugin's schema (its `config` and provider
 * inputs) and the docs, so a setting is declared once.
 */
import { baseUrlProblem } from "../client/options";

export interface SettingSpec {
  /** The camelCase name: `esign:<name>` in stack config, the provider input in the schema. */
  name: SettingName;
  env: string;
  type: "string" | "integer" | "number" | "boolean" | "string[]";
  secret?: boolean;
  description: string;
  default?: string | number;
}

export type SettingName = "apiKey" | "baseUrl" | "requestsPerMinute" | "maxConcurrency" | "templateTimeoutSeconds" | "allowedAccountIds" | "legacyTemplateUpdate";

export const SETTINGS: readonly SettingSpec[] = [
  {
    name: "apiKey",
    env: "ESIGN_API_KEY",
    type: "string",
    secret: true,
    description: "The API key of the account to manage. Set it with `pulumi config set esign:apiKey --secret` or the ESIGN_API_KEY environment variable (which keeps it out of the stack's state).",
  },
  {
    name: "baseUrl",
    env: "ESIGN_BASE_URL",
    type: "string",
    default: "https://api.hellosign.com/v3",
    description: "The API's base URL, ending in /v3 (e.g. http://127.0.0.1:8787/v3 for the local service).",
  },
  {
    name: "requestsPerMinute",
    env: "ESIGN_REQUESTS_PER_MINUTE",
    type: "integer",
    description:
      "The most standard-tier API requests a minute the provider sends. Default: half of the account's limit as the service states it (X-RateLimit-Limit: 50 of the standard 100, half of 25 for high-tier operations), because the limit is per account and shared with the account's own traffic; within each minute the provider also leaves other callers what it sees them using, and never sends more than X-RateLimit-Remaining allows. To give the provider all of it (no other traffic on the account, a maintenance window), set it to the account's limit, e.g. 100.",
  },
  {
    name: "maxConcurrency",
    env: "ESIGN_MAX_CONCURRENCY",
    type: "integer",
    description: "The most API requests in flight at once (default 4).",
  },
  {
    name: "templateTimeoutSeconds",
    env: "ESIGN_TEMPLATE_TIMEOUT_SECONDS",
    type: "number",
    default: 300,
    description: "How long a Template waits for the service's processing of its files, in seconds.",
  },
  {
    name: "allowedAccountIds",
    env: "ESIGN_ALLOWED_ACCOUNT_IDS",
    type: "string[]",
    description: "The account ids this stack may act for (a JSON list or a comma-separated string); any other key's account is refused before a request is sent.",
  },
  {
    name: "legacyTemplateUpdate",
    env: "ESIGN_LEGACY_TEMPLATE_UPDATE",
    type: "boolean",
    default: "false",
    description:
      "Change a Template's title, subject, message and ccRoles in place through `POST /template/update/{template_id}`, a route the service never documented and removed from its description and SDKs in May 2026 (D123). Off (the default), such a change replaces the template (the grants follow the new id), and an adopted template's texts are changed in the web UI. Turn it on only for a service that still answers the route.",
  },
];

export interface SettingIssue {
  /** The config key, e.g. `esign:maxConcurrency` (or the environment variable it came from). */
  setting: string;
  message: string;
}

export interface ParsedSettings {
  apiKey?: string;
  baseUrl?: string;
  requestsPerMinute?: number;
  maxConcurrency?: number;
  templateTimeoutSeconds: number;
  allowedAccountIds?: string[];
  /** Template texts through the hidden POST /template/update (D123); off by default. */
  legacyTemplateUpdate?: boolean;
  /** Where each given setting came from: `esign:apiKey` (stack config) or `ESIGN_API_KEY (esign:apiKey)`. */
  sources: Partial<Record<SettingName, string>>;
}

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
  return { settings: { templateTimeoutSeconds: 300, ...out, sources } as ParsedSettings, issues };
}

function parseValue(spec: SettingSpec, raw: string): { value: unknown } | { error: string } {
  const text = raw.trim();
  switch (spec.type) {
    case "string":
      // Ending in /v3 is what lets a 404 envelope mean "gone" (DECISIONS D33): a base URL
      // without it reaches the service's "no such endpoint" 404 for every object.
      if (spec.name === "baseUrl" && !/^https?:\/\/[^\s/]+(\/\S*)?\/v3\/?$/.test(text)) {
        return { error: `must be the API's http(s) URL ending in /v3 (e.g. https://api.hellosign.com/v3), got ${JSON.stringify(raw)}` };
      }
      if (spec.name === "baseUrl") {
        const problem = baseUrlProblem(text);
        if (problem) return { error: problem };
      }
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
