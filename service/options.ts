/**
 * @module service/options
 * Options of startService()/createApp() and the CLI flags, with their defaults.
 */
import type { PlanName, Quotas } from "./accounts/types";

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
   * Length of a rate-limit window in ms (default 60000, the real service's minute); a
   * shorter one lets tests watch several windows in seconds.
   */
  rateLimitWindowMs?: number;
  /** How long a template stays "processing" before it is ready (default 200 ms). */
  templateProcessingMs?: number;
  /**
   * The real service's consistency delay: for this long after it is made, a template is
   * unknown to GET /template/{id} (404) and left out of lists. Default 0 (off); also set at
   * run time with PUT /_local/settings/template_visibility_delay.
   */
  templateVisibilityDelayMs?: number;
  /** Delays between callback delivery attempts (default [100, 400, 1600] ms). */
  callbackRetryDelaysMs?: number[];
  /** Largest accepted request body (default 50 MB). */
  maxBodyBytes?: number;
  /** Journal lines after which the file is compacted into one snapshot (default 1000). */
  compactEvery?: number;
  /** Allow the control plane from non-loopback peers (default false). */
  controlFromAnywhere?: boolean;
  /** Print one line per request to stderr. */
  verbose?: boolean;
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
    templateProcessingMs: o.templateProcessingMs ?? 200,
    templateVisibilityDelayMs: o.templateVisibilityDelayMs ?? 0,
    callbackRetryDelaysMs: o.callbackRetryDelaysMs ?? [100, 400, 1600],
    maxBodyBytes: o.maxBodyBytes ?? 50 * 1024 * 1024,
    compactEvery: o.compactEvery ?? 1000,
    controlFromAnywhere: o.controlFromAnywhere ?? false,
    verbose: o.verbose ?? false,
  };
}
