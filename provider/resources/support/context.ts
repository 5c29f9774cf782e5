/**
 * What every provider operation runs with: settings from `configure()` (stack config first,
 * then environment variables), one shared client and the parent-list cache.
 *
 * Credentials are read here at run time and never captured by the serialized provider, so
 * they never land in state.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { EsignClient } from "../../client";
import { ParentListCache } from "./bulk";

export interface Settings {
  apiKey?: string;
  baseUrl?: string;
  requestsPerMinute?: number;
  maxConcurrency?: number;
  /** How long Template waits for the service's asynchronous processing. */
  templateTimeoutSeconds: number;
}

export interface ProviderContext {
  client: EsignClient;
  cache: ParentListCache;
  settings: Settings;
  /** Progress lines; the engine shows a dynamic provider's stderr as diagnostics. */
  log(message: string): void;
}

const CONFIG = {
  apiKey: ["esign:apiKey", "ESIGN_API_KEY"],
  baseUrl: ["esign:baseUrl", "ESIGN_BASE_URL"],
  requestsPerMinute: ["esign:requestsPerMinute", "ESIGN_REQUESTS_PER_MINUTE"],
  maxConcurrency: ["esign:maxConcurrency", "ESIGN_MAX_CONCURRENCY"],
  templateTimeoutSeconds: ["esign:templateTimeoutSeconds", "ESIGN_TEMPLATE_TIMEOUT_SECONDS"],
} as const;

let settings: Settings = settingsFrom(() => undefined);
let shared: ProviderContext | undefined;

function settingsFrom(get: (key: string) => string | undefined): Settings {
  const read = ([key, env]: readonly [string, string]) => get(key) ?? (process.env[env] || undefined);
  const num = (pair: readonly [string, string]) => {
    const v = read(pair);
    return v === undefined ? undefined : Number(v);
  };
  return {
    apiKey: read(CONFIG.apiKey),
    baseUrl: read(CONFIG.baseUrl),
    requestsPerMinute: num(CONFIG.requestsPerMinute),
    maxConcurrency: num(CONFIG.maxConcurrency),
    templateTimeoutSeconds: num(CONFIG.templateTimeoutSeconds) ?? 300,
  };
}

/** Called by the engine once per provider process (and per serialized provider). */
export function configure(config: pulumi.dynamic.Config | undefined): void {
  const next = settingsFrom((key) => config?.get(key));
  if (JSON.stringify(next) !== JSON.stringify(settings)) shared = undefined;
  settings = next;
}

/** The shared context; the client is made on first use, so check and diff never need a key. */
export function providerContext(): ProviderContext {
  if (shared) return shared;
  if (!settings.apiKey) {
    throw new Error(
      "esign:apiKey is not set: run `pulumi config set esign:apiKey --secret` or set ESIGN_API_KEY",
    );
  }
  // Loaded on first use: check and diff (all of an unchanged preview) never need the client,
  // and loading it (axios and its dependencies) was a fixed cost of every preview.
  const { EsignClient: Client } = require("../../client") as typeof import("../../client");
  const client = new Client({
    apiKey: settings.apiKey,
    baseUrl: settings.baseUrl,
    requestsPerMinute: settings.requestsPerMinute,
    maxConcurrency: settings.maxConcurrency,
  });
  shared = {
    client,
    cache: new ParentListCache(),
    settings,
    log: (message) => console.error(`esign: ${message}`),
  };
  return shared;
}
