/** Options of EsignClient and the shapes its hooks and logger receive; the environment's own knobs. */
import { z } from "zod";
import type { OperationId, Warning } from "../../contract";
import { metaOf } from "../schema/from-zod";
import type { RetryPolicy } from "./retry";
import type { SharePolicy } from "./share";
import type { RateLimitInfo } from "./stats";

export const DEFAULT_BASE_URL = "https://api.hellosign.com/v3";
/**
 * The knobs that are environment variables only (no stack config, not in the schema: they are
 * the process's, for whoever runs it), declared like the provider's settings and read through
 * readEnvironment alone.
 */
export const environmentSettings = z.object({
  record: z.string().optional().meta({ env: "ESIGN_RECORD", description: "A directory to record every exchange with the service in, redacted, for comparing the local service with the real one." }),
  recordKeys: z.string().optional().meta({ env: "ESIGN_RECORD_KEYS", description: "Where the recordings' pseudonym keys are kept (default: the user's state directory, outside the recording)." }),
  debug: z.string().optional().meta({ env: "ESIGN_DEBUG", description: "Any value: `esign` prints an error with its stack, and the provider's debug lines reach stderr when no engine takes them." }),
});

export type EnvironmentSettings = z.output<typeof environmentSettings>;

/** The environment's own knobs from `env` (an empty value is unset). */
export function readEnvironment(env: NodeJS.ProcessEnv = process.env): EnvironmentSettings {
  return environmentSettings.parse(Object.fromEntries(Object.entries(environmentSettings.shape).map(([key, schema]) => [key, env[metaOf(schema).env ?? ""] || undefined])));
}

export const DEFAULT_USER_AGENT = "pulumi-esign/0.1.0";
/**
 * The largest answer the client reads (D143). The client reads only JSON (files come as
 * URLs); its largest legitimate answer is a list page of 100 templates with their documents
 * and fields, a few MB at most. 64 MiB is far above that and far below what would hurt a
 * process the engine runs.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/**
 * Why a base URL may not be used, else undefined (D143): plain http:// would send the API key
 * in clear text, so it is allowed only to this machine (the local service). Its shape
 * (ending in /v3) is the settings' rule.
 */
export function baseUrlProblem(baseUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return `is not a URL: ${JSON.stringify(baseUrl)}`;
  }
  if (url.protocol === "https:") return undefined;
  if (url.protocol !== "http:") return `must be an https:// URL, got ${url.protocol}//`;
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)) return undefined;
  return `uses http:// to ${url.host}, which would send the API key in clear text: use https://, or http:// only to this machine (127.0.0.1, ::1, localhost)`;
}

export interface RequestInfo {
  operation: OperationId;
  method: string;
  /** Path below the base URL, without query string. */
  path: string;
  /** 0 for the first try, 1 for the first retry ... */
  attempt: number;
}

export interface ResponseInfo extends RequestInfo {
  /** 0 when no response arrived. */
  status: number;
  durationMs: number;
  rateLimit: RateLimitInfo;
}

/** Anything with these methods (console works); every line is redacted first. */
export interface Logger {
  debug?(message: string): void;
  warn?(message: string): void;
}

/**
 * The client's knobs, in zod like the provider's settings (the type and the docs; the client
 * checks its numbers itself, so a NaN is refused with its own message).
 */
export const clientSettings = z.object({
  apiKey: z.string().optional().meta({ secret: true, description: "API key, sent as HTTP Basic user name with an empty password." }),
  accessToken: z.string().optional().meta({ secret: true, description: "OAuth access token, sent as Bearer (preferred for operations that accept OAuth)." }),
  baseUrl: z.string().optional().meta({ description: "Default DEFAULT_BASE_URL; the local service's `baseUrl` ends in /v3 too." }),
  /**
   * Default: the share policy's share (half) of the account's limit as X-RateLimit-Limit states
   * it (of RATE_LIMIT_STANDARD_PER_MINUTE until the first answer), since the limit is shared with
   * the account's other traffic. The account's whole limit (e.g. 100) takes all of it when nobody
   * else uses it; 0 disables pacing. Others' use seen in the headers slows it either way.
   */
  requestsPerMinute: z.number().optional().meta({ description: "Client-side pace for standard-tier operations, requests a minute." }),
  highTierRequestsPerMinute: z.number().optional().meta({ description: "The same for high-tier operations (default: the share of RATE_LIMIT_HIGH_TIER_PER_MINUTE's 25)." }),
  burst: z.number().optional().meta({ description: "Requests a bucket lets through back to back before pacing starts (default 10)." }),
  maxConcurrency: z.number().optional().meta({ description: "Requests in flight at once (default 4)." }),
  timeoutMs: z.number().optional().meta({ description: "Per-request timeout (default 30000 ms)." }),
  maxResponseBytes: z.number().optional().meta({ description: "The largest answer read, in bytes (default DEFAULT_MAX_RESPONSE_BYTES); a larger one fails the call." }),
  userAgent: z.string().optional().meta({ description: "The User-Agent header (default DEFAULT_USER_AGENT)." }),
  record: z.string().optional().meta({ description: "Directory to record every exchange in, redacted (default: ESIGN_RECORD, environmentSettings; record.ts)." }),
});

/** What the client calls back, and the policies it is given: code, not knobs. */
export interface ClientHooks {
  /** Overrides of DEFAULT_SHARE_POLICY (share.ts): the default share, the window's length. */
  share?: Partial<SharePolicy>;
  /** Overrides of DEFAULT_RETRY_POLICY. */
  retry?: Partial<RetryPolicy>;
  logger?: Logger;
  /** Called before each attempt is sent. */
  onRequest?: (info: RequestInfo) => void;
  /** Called after each attempt, with or without a response. */
  onResponse?: (info: ResponseInfo) => void;
  /**
   * Called with the warnings of a successful answer (`test_mode_only`, `need_credit`,
   * `add_member`, ...): the service says them with a 2xx, and an operation's result (the
   * resource alone) does not carry them, so this is where they are not lost.
   */
  onWarnings?: (warnings: Warning[], info: Omit<RequestInfo, "attempt">) => void;
}

export type EsignClientOptions = z.input<typeof clientSettings> & ClientHooks;
