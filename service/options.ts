/**
 * @module service/options
 * The local service's options (startService()/createApp() and `esign-service`'s flags), in zod.
 */
import { z } from "zod";
import { planName } from "./control/fields";

export const RATE_LIMIT_MODELS = ["bucket", "window"] as const;
export const RATE_LIMIT_HEADER_SPELLINGS = ["recorded", "description"] as const;
export const RESPONSE_DIALECTS = ["current", "recorded-2021", "sdk-2025"] as const;
/** Which fields answers carry (D129; service/http/response-profile.ts). */
export const RESPONSE_PROFILES = ["complete", "sparse"] as const;
export type RateLimitModel = (typeof RATE_LIMIT_MODELS)[number];
export type RateLimitHeaders = (typeof RATE_LIMIT_HEADER_SPELLINGS)[number];
export type ResponseDialect = (typeof RESPONSE_DIALECTS)[number];
export type ResponseProfile = (typeof RESPONSE_PROFILES)[number];

/** The legacy dialect that also serves the routes the contract marks hidden (D123). */
export const servesHiddenRoutes = (dialect: ResponseDialect) => dialect === "sdk-2025";

export const DEFAULT_API_KEY = "devkey";

/** A count or duration: a whole number of at least 0 (ms, requests, items). */
const count = () => z.int().min(0);
/** A quota of the start account; null (unlimited) only where the account's own type allows it. */
const quota = (description: string) => count().optional().meta({ description, value: "N" });
const unlimitedQuota = (description: string) => count().nullable().optional().meta({ description, value: "N" });

/**
 * The options of startService()/createApp(), declared once: their types, defaults and docs;
 * `esign-service`'s flags are derived from them (service/cli-args.ts: a key's kebab case, unless
 * `meta({ flag })` names another or none).
 */
export const serviceOptions = z.object({
  port: count().default(0).meta({ description: "the port; 0 picks a free one", value: "N" }),
  host: z.string().default("127.0.0.1").meta({ description: "the bind address", value: "ADDR" }),
  apiKey: z.string().default(DEFAULT_API_KEY).meta({ description: "the API key of the start account", value: "KEY" }),
  email: z.string().default("dev@example.com").meta({ description: "the e-mail of the start account", value: "ADDR" }),
  plan: planName.default("standard").meta({ description: "the plan of the start account" }),
  quotas: z
    .object({
      templates_left: unlimitedQuota("the start account's templates left"),
      documents_left: unlimitedQuota("the start account's documents left"),
      api_signature_requests_left: quota("the start account's API signature requests left"),
      sms_verifications_left: quota("the start account's SMS verifications left"),
    })
    .default(() => ({}))
    .meta({ description: "quota overrides for the start account" }),
  eid: z.boolean().default(false).meta({ description: "the start account has the eID add-on" }),
  /** Default true, so the development account can do everything; false to see the 402. */
  fax: z.boolean().default(true).meta({ description: "the start account has the Fax API (a paid Dropbox Fax plan): fax lines can be bought", flag: "no-fax" }),
  autoAcceptInvites: z.boolean().default(false).meta({ description: "invited people accept at once, as if everyone clicked the link (a sandbox for demos)" }),
  data: z.string().optional().meta({ description: "the journal file: state survives restarts", value: "FILE", defaultText: "in memory" }),
  rateLimit: count().optional().meta({ description: "requests a minute per account; enforced (429) only when set", value: "N" }),
  /** With rateLimitModel "window", the length of a window; a shorter one lets tests watch the limit recover in seconds. */
  rateLimitWindowMs: count().default(60_000).meta({ description: "the time in ms a drained rate-limit bucket takes to refill", flag: false }),
  /** "bucket" refills continuously, so X-Ratelimit-Reset is about now while nearly full; "window" counts fixed windows (D75). */
  rateLimitModel: z.enum(RATE_LIMIT_MODELS).default("bucket").meta({ description: "how requests are counted (D75)" }),
  /** "recorded" sends X-Ratelimit-Limit-Remaining as the real service does; "description" X-RateLimit-Remaining (D75). */
  rateLimitHeaders: z.enum(RATE_LIMIT_HEADER_SPELLINGS).default("recorded").meta({ description: "the spelling of the remaining-count header (D75)" }),
  /** No recording shows the real service sending it; the vendor's own harness reads it first (evidence §9 finding 6, D131). */
  rateLimitRetryAfter: z.boolean().default(false).meta({ description: "a 429 carries Retry-After (D131)" }),
  /**
   * "current" answers as the description does today; "recorded-2021" as the 2017-2021 recordings
   * (D76); "sdk-2025" as "current" plus the hidden routes the SDKs held until May 2026 (D123).
   */
  responseDialect: z.enum(RESPONSE_DIALECTS).default("current").meta({ description: "forms of responses the description changed after the recordings (D76, D123)" }),
  /** "sparse" leaves out or nulls what the real service has been seen to (service/http/response-profile.ts). */
  responseProfile: z.enum(RESPONSE_PROFILES).default("complete").meta({ description: "which fields answers carry (D129)" }),
  templateProcessingMs: count().default(200).meta({ description: "how long a template stays processing before it is ready, in ms", value: "N" }),
  /** Also set at run time with PUT /_local/settings/template_visibility_delay. */
  templateVisibilityDelayMs: count().default(0).meta({ description: "the read-after-create lag of a new template, in ms (D120)", value: "N" }),
  /** Also set at run time with PUT /_local/settings/api_app_visibility_delay. */
  apiAppVisibilityDelayMs: count().default(0).meta({ description: "the same for a new API app", value: "N" }),
  /** The team after team/create and an invitation after add_member (weaker evidence); PUT /_local/settings/team_visibility_delay. */
  teamVisibilityDelayMs: count().default(0).meta({ description: "the same for the team and its invitations", value: "N" }),
  callbackRetryDelaysMs: z
    .array(count())
    .default(() => [100, 400, 1600])
    .meta({ description: "delays between callback delivery attempts, in ms", flag: false }),
  maxBodyBytes: count()
    .default(50 * 1024 * 1024)
    .meta({ description: "the largest accepted request body", flag: false }),
  compactEvery: count().default(1000).meta({ description: "journal lines after which the file is compacted into one snapshot", flag: false }),
  controlFromAnywhere: z.boolean().default(false).meta({ description: "allow the control plane from non-loopback peers", flag: false }),
  /** Anyone on the network could otherwise use the service as a relay. */
  allowDefaultKeyOnNetwork: z.boolean().default(false).meta({ description: "listen on a non-loopback host with the well-known default key (D141)" }),
  verbose: z.boolean().default(false).meta({ description: "print one line per request to stderr" }),
  /** Tests turn it on: a handler's answer that breaks its response schema is then a 500 naming the field. */
  checkReplies: z.boolean().default(false).meta({ description: "check every answer against the contract's response schema", flag: false }),
});

/** What startService()/createApp() take: every option optional. */
export type ServiceOptions = z.input<typeof serviceOptions>;
/** The options with their defaults applied. */
export type ResolvedOptions = z.output<typeof serviceOptions>;

/** The options with their defaults; an option that breaks its rule fails the start, naming it. */
export function resolveOptions(o: ServiceOptions = {}): ResolvedOptions {
  const parsed = serviceOptions.safeParse(o);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new Error(`service option ${issue.path.join(".")}: ${issue.message}`);
}
