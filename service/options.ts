/**
 * @module service/options
 * Options of startService()/createApp() and the CLI flags, with their defaults.
 */
import type { PlanName, Quotas } from "./accounts/types";

export type RateLimitModel = "bucket" | "window";
export type RateLimitHeaders = "recorded" | "description";
export type ResponseDialect = "current" | "recorded-2021" | "sdk-2025";
export const RATE_LIMIT_MODELS: readonly RateLimitModel[] = ["bucket", "window"];
export const RATE_LIMIT_HEADER_SPELLINGS: readonly RateLimitHeaders[] = ["recorded", "description"];
export const RESPONSE_DIALECTS: readonly ResponseDialect[] = ["current", "recorded-2021", "sdk-2025"];
/** Which fields answers carry (D129; service/http/response-profile.ts). */
export type ResponseProfile = "complete" | "sparse";
export const RESPONSE_PROFILES: readonly ResponseProfile[] = ["complete", "sparse"];

/** The legacy dialect that also serves the routes the contract marks hidden (D123). */
export const servesHiddenRoutes = (dialect: ResponseDialect) => dialect === "sdk-2025";

export interface ServiceOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Bind address; loopback by default. */
  host?: string;
  /** API key of the start account (default "devkey"). */
  apiKey?: string;
  /** E-mail of the start account (default "dev@example.com"). */
  email?: string;
  /** Plan of the start account (default "standard"). */
  plan?: PlanName;
  /** Quota overrides for the start account. */
  quotas?: Partial<Quotas>;
  /** The start account has the eID add-on. */
  eid?: boolean;
  /**
   * The start account has the Fax API (a paid Dropbox Fax plan, enabled): fax lines can be
   * bought. Default true, so the development account can do everything; false to see the 402.
   */
  fax?: boolean;
  /** Invited people accept at once, as if everyone clicked the link (a sandbox for demos). */
  autoAcceptInvites?: boolean;
  /** Journal file: state survives restarts. Default: in memory. */
  data?: string;
  /** Requests per minute per account; enforced (429) only when set. */
  rateLimit?: number;
  /**
   * The time in ms a drained rate-limit bucket takes to refill (with rateLimitModel "window",
   * the length of a window). Default 60000, the real service's minute; a shorter one lets
   * tests watch the limit recover in seconds.
   */
  rateLimitWindowMs?: number;
  /**
   * How requests are counted (D75): "bucket" (default, as recorded) refills continuously, so
   * X-Ratelimit-Reset is about now while the bucket is nearly full; "window" counts in fixed
   * windows whose reset is the window's end (the emulator's earlier model).
   */
  rateLimitModel?: RateLimitModel;
  /**
   * Spelling of the remaining-count header (D75): "recorded" (default) sends
   * X-Ratelimit-Limit-Remaining as the real service does; "description" sends the
   * description's X-RateLimit-Remaining, so a client's tolerance of both can be tested.
   */
  rateLimitHeaders?: RateLimitHeaders;
  /**
   * A 429 carries Retry-After (whole seconds until a request may pass again). Default false:
   * no recording shows the real service sending it; the vendor's own test harness reads it
   * first when present (real-service-evidence.md §9 finding 6, D131).
   */
  rateLimitRetryAfter?: boolean;
  /**
   * Forms of responses the description changed after the recordings (D76): "current" (default)
   * answers as the description does today; "recorded-2021" as the 2017-2021 recordings do
   * (white_labeling_options a JSON string, `domain` for `domains`, errors without error_path);
   * "sdk-2025" answers as "current" and also serves the hidden routes the SDKs held from July
   * 2025 until their removal in May 2026 (POST /template/update/{id}: D123), which no other
   * dialect routes.
   */
  responseDialect?: ResponseDialect;
  /**
   * Which fields answers carry (D129): "complete" (default) every field the description lists;
   * "sparse" leaves out or nulls those the real service has been seen to (an API app without
   * white_labeling_options and with options null, a team without invited_emails, signer roles
   * with order null: service/http/response-profile.ts).
   */
  responseProfile?: ResponseProfile;
  /** How long a template stays "processing" before it is ready (default 200 ms). */
  templateProcessingMs?: number;
  /**
   * The real service's read-after-create lag (D120): for this long after it is made, a template
   * is unknown to GET /template/{id}, its file URLs and its edit URL (404) and left out of
   * lists. Default 0 (off); also set at run time with PUT /_local/settings/template_visibility_delay.
   */
  templateVisibilityDelayMs?: number;
  /**
   * The same for a new API app: GET /api_app/{client_id} is 404 and lists leave it out.
   * Default 0 (off); PUT /_local/settings/api_app_visibility_delay.
   */
  apiAppVisibilityDelayMs?: number;
  /**
   * The same for the team (weaker evidence): after team/create, GET /team and GET /team/info
   * answer as if the caller had no team; after add_member, the invitation is left out of GET
   * /team. Default 0 (off); PUT /_local/settings/team_visibility_delay.
   */
  teamVisibilityDelayMs?: number;
  /** Delays between callback delivery attempts (default [100, 400, 1600] ms). */
  callbackRetryDelaysMs?: number[];
  /** Largest accepted request body (default 50 MB). */
  maxBodyBytes?: number;
  /** Journal lines after which the file is compacted into one snapshot (default 1000). */
  compactEvery?: number;
  /** Allow the control plane from non-loopback peers (default false). */
  controlFromAnywhere?: boolean;
  /**
   * Listen on a non-loopback host with the well-known default key (D141). Default false: such
   * a start is refused, since anyone on the network could then use the service as a relay.
   */
  allowDefaultKeyOnNetwork?: boolean;
  /** Print one line per request to stderr. */
  verbose?: boolean;
  /** Check every handler's answer against the contract's response schema (a 500 naming the field otherwise); tests turn it on. Default false. */
  checkReplies?: boolean;
}

export type ResolvedOptions = Required<Omit<ServiceOptions, "data" | "rateLimit" | "quotas">> & {
  data?: string;
  rateLimit?: number;
  quotas: Partial<Quotas>;
};

export const DEFAULT_API_KEY = "devkey";

export function resolveOptions(o: ServiceOptions = {}): ResolvedOptions {
  return {
    port: o.port ?? 0,
    host: o.host ?? "127.0.0.1",
    apiKey: o.apiKey ?? DEFAULT_API_KEY,
    email: o.email ?? "dev@example.com",
    plan: o.plan ?? "standard",
    quotas: o.quotas ?? {},
    eid: o.eid ?? false,
    fax: o.fax ?? true,
    autoAcceptInvites: o.autoAcceptInvites ?? false,
    data: o.data,
    rateLimit: o.rateLimit,
    rateLimitWindowMs: o.rateLimitWindowMs ?? 60_000,
    rateLimitModel: o.rateLimitModel ?? "bucket",
    rateLimitHeaders: o.rateLimitHeaders ?? "recorded",
    rateLimitRetryAfter: o.rateLimitRetryAfter ?? false,
    responseDialect: o.responseDialect ?? "current",
    responseProfile: o.responseProfile ?? "complete",
    templateProcessingMs: o.templateProcessingMs ?? 200,
    templateVisibilityDelayMs: o.templateVisibilityDelayMs ?? 0,
    apiAppVisibilityDelayMs: o.apiAppVisibilityDelayMs ?? 0,
    teamVisibilityDelayMs: o.teamVisibilityDelayMs ?? 0,
    callbackRetryDelaysMs: o.callbackRetryDelaysMs ?? [100, 400, 1600],
    maxBodyBytes: o.maxBodyBytes ?? 50 * 1024 * 1024,
    compactEvery: o.compactEvery ?? 1000,
    controlFromAnywhere: o.controlFromAnywhere ?? false,
    allowDefaultKeyOnNetwork: o.allowDefaultKeyOnNetwork ?? false,
    verbose: o.verbose ?? false,
    checkReplies: o.checkReplies ?? false,
  };
}
