/**
 * One HTTP round trip per operation, with everything around it: pre-flight validation
 * against the contract, auth, throttle and concurrency, retries by policy, response parsing
 * and errors. Table-driven: nothing here is specific to one operation.
 */
import axios, { type AxiosInstance, type AxiosResponse } from "axios";
import {
  RATE_LIMIT_HIGH_TIER_PER_MINUTE,
  RATE_LIMIT_STANDARD_PER_MINUTE,
  errorEnvelopeSchema,
  operations,
  responseEnvelope,
  validate,
  validateRequest,
  warningsSchema,
  type OperationId,
  type OperationSpec,
  type RequestParts,
  type ResultOf,
  type Warning,
} from "../../contract";
import { EsignApiError, EsignValidationError } from "./errors";
import { hasFiles, toFormData } from "./multipart";
import { DEFAULT_BASE_URL, DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_USER_AGENT, baseUrlProblem, type EsignClientOptions } from "./options";
import { Redactor } from "./redact";
import { recorderFor, type Recorder } from "./record";
import { DEFAULT_RETRY_POLICY, backoffMs, decideAfterNetworkError, decideAfterStatus, retryAfterMs, untilResetMs, type RetryPolicy } from "./retry";
import { countStatus, emptyStats, type ClientStats, type RateLimitInfo } from "./stats";
import { AccountBudget, DEFAULT_SHARE_POLICY, type SharePolicy } from "./share";
import { RateLimitGate, Semaphore, TokenBucket, sleep } from "./throttle";
import { isRecord } from "../core/compare";

type Tier = OperationSpec["tier"];

interface Prepared {
  id: OperationId;
  spec: OperationSpec;
  path: string;
  query: Record<string, unknown>;
  data: unknown;
}

export class Transport {
  readonly stats: ClientStats = emptyStats();
  readonly policy: RetryPolicy;
  readonly redactor: Redactor;
  private readonly http: AxiosInstance;
  readonly share: SharePolicy;
  private readonly buckets: Record<Tier, TokenBucket>;
  private readonly budgets: Record<Tier, AccountBudget>;
  private readonly gate = new RateLimitGate();
  private readonly slots: Semaphore;
  /** ESIGN_RECORD: every exchange written to a directory, redacted (record.ts). */
  private readonly recorder?: Recorder;

  private readonly maxResponseBytes: number;

  constructor(private readonly options: EsignClientOptions) {
    checkNumbers(options);
    const baseURL = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, "");
    const problem = baseUrlProblem(baseURL);
    if (problem) throw new Error(`EsignClient: baseUrl ${problem}`);
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.redactor = new Redactor([options.apiKey, options.accessToken]);
    this.share = { ...DEFAULT_SHARE_POLICY, ...options.share };
    const burst = options.burst ?? 10;
    // Until the first answer states the account's limit, the share of the documented one.
    const documented: Record<Tier, number> = { standard: RATE_LIMIT_STANDARD_PER_MINUTE, high: RATE_LIMIT_HIGH_TIER_PER_MINUTE };
    const bucket = (tier: Tier) => new TokenBucket(this.givenPace(tier) ?? documented[tier] * this.share.share, burst);
    this.buckets = { standard: bucket("standard"), high: bucket("high") };
    const budget = (tier: Tier) => new AccountBudget(this.share, (limit) => this.ourRequestsPerWindow(tier, limit));
    this.budgets = { standard: budget("standard"), high: budget("high") };
    this.slots = new Semaphore(Math.max(1, options.maxConcurrency ?? 4));
    this.recorder = recorderFor(options.record, this.redactor);
    this.http = axios.create({
      baseURL,
      timeout: options.timeoutMs ?? 30_000,
      // Read while it streams: a larger answer is cut off at the limit, never held whole.
      maxContentLength: this.maxResponseBytes,
      headers: { Accept: "application/json", "User-Agent": options.userAgent ?? DEFAULT_USER_AGENT },
      validateStatus: () => true,
      maxRedirects: 0,
    });
  }

  /** Validates, sends (with retries) and parses one operation. */
  async call<Id extends OperationId>(id: Id, parts: RequestParts): Promise<ResultOf<Id>> {
    const prepared = this.prepare(id, parts);
    for (let attempt = 0, rateLimitAttempt = 0; ;) {
      await this.waitForTurn(prepared.spec);
      const started = Date.now();
      let response: AxiosResponse;
      try {
        response = await this.send(prepared, attempt);
      } catch (error) {
        this.budgets[prepared.spec.tier].settle();
        if (!axios.isAxiosError(error)) throw error; // a bug or a throwing hook, not the network
        const code = error.code;
        // Too large is an answer, not a network failure: asking again would read it again.
        if (/^maxContentLength size of -?\d+ exceeded$/.test(error.message)) {
          throw this.networkError(prepared, code, `the answer is larger than ${this.maxResponseBytes} bytes (maxResponseBytes); it was not read`);
        }
        this.stats.networkErrors += 1;
        countStatus(this.stats, 0);
        this.report(prepared, attempt, 0, started, {});
        const decision = decideAfterNetworkError(this.policy, code, { attempt, idempotent: prepared.spec.idempotent });
        if (!decision.retry) throw this.networkError(prepared, code, error.message);
        await this.backoff(prepared, decision.delayMs, `network error ${code ?? ""}`);
        attempt += 1;
        continue;
      }
      const { id: operation, spec, path, query, data } = prepared;
      await this.recorder?.record({ operation, method: spec.method, path, query, data, status: response.status, headers: response.headers, body: response.data }, (m) => this.log("warn", m));
      const rateLimit = this.observeRateLimit(prepared.spec.tier, response);
      countStatus(this.stats, response.status);
      this.report(prepared, attempt, response.status, started, rateLimit);
      // Cast: parse() reads the answer by the row's response kind, which is what ResultOf<Id> derives from it.
      if (prepared.spec.successStatus.includes(response.status)) return this.parse(prepared, response) as ResultOf<Id>;
      if (response.status === 429 && rateLimitAttempt < this.policy.rateLimitRetries) {
        this.stats.rateLimited += 1;
        rateLimitAttempt += 1;
        await this.waitForReset(prepared, rateLimit, rateLimitAttempt, this.retryAfter(response));
        continue;
      }
      if (response.status === 429) this.stats.rateLimited += 1;
      const decision = decideAfterStatus(this.policy, response.status, { attempt, idempotent: prepared.spec.idempotent });
      if (!decision.retry) throw this.apiError(prepared, response);
      await this.backoff(prepared, decision.delayMs, `status ${response.status}`);
      attempt += 1;
    }
  }

  private prepare(id: OperationId, parts: RequestParts): Prepared {
    const spec: OperationSpec = operations[id];
    // Form coercion: a body may carry its values as the API's form encoding spells them (the
    // official FaxSendRequest example sends test_mode "true"); the typed value is what is sent.
    const checked = validateRequest(id, parts, { source: "form" });
    if (!checked.ok) {
      this.stats.validationFailures += 1;
      throw new EsignValidationError(id, checked.issues);
    }
    const { params, query, body } = checked.value;
    const path = spec.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(String(params[name])));
    let data: unknown;
    if (spec.body) data = hasFiles(body, spec.uploads) ? toFormData(body, spec.uploads ?? {}) : body;
    return { id, spec, path, query, data };
  }

  private async waitForTurn(spec: OperationSpec): Promise<void> {
    // Await first: `x += await y` would read x before the wait and lose concurrent additions.
    const paused = await this.gate.pass();
    this.stats.waitMs.rateLimit += paused;
    const throttled = await this.buckets[spec.tier].take();
    this.stats.waitMs.throttle += throttled;
    const budgeted = await this.budgets[spec.tier].take();
    this.stats.waitMs.rateLimit += budgeted;
  }

  private async send(prepared: Prepared, attempt: number): Promise<AxiosResponse> {
    const { spec, path, query, data } = prepared;
    this.options.onRequest?.({ operation: prepared.id, method: spec.method, path, attempt });
    this.log("debug", `-> ${spec.method} ${path} (${prepared.id}) attempt ${attempt + 1}`);
    await this.slots.acquire();
    try {
      this.stats.requestsSent += 1;
      return await this.http.request({
        method: spec.method,
        url: path,
        params: Object.keys(query).length > 0 ? query : undefined,
        data,
        headers: { Authorization: this.authorization(spec) },
      });
    } finally {
      this.slots.release();
    }
  }

  /** Bearer for operations that accept OAuth when a token is set; the API key otherwise. */
  private authorization(spec: OperationSpec): string | undefined {
    const { apiKey, accessToken } = this.options;
    if (accessToken && (spec.auth === "api_key_or_oauth" || !apiKey)) return `Bearer ${accessToken}`;
    if (apiKey) return `Basic ${Buffer.from(`${apiKey}:`).toString("base64")}`;
    return undefined;
  }

  /** The pace the options set for a tier (requests a minute), if any. */
  private givenPace(tier: Tier): number | undefined {
    return tier === "standard" ? this.options.requestsPerMinute : this.options.highTierRequestsPerMinute;
  }

  /**
   * Our own requests per window of a tier whose limit is `limit`: the pace given in the
   * options, or the policy's share of the limit (Infinity when pacing is off).
   */
  private ourRequestsPerWindow(tier: Tier, limit: number): number {
    const given = this.givenPace(tier);
    if (given === 0) return Infinity;
    return given === undefined ? limit * this.share.share : (given * this.share.windowMs) / 60_000;
  }

  private observeRateLimit(tier: Tier, response: AxiosResponse): RateLimitInfo {
    const number = (name: string) => {
      const value = Number(response.headers[name]);
      return response.headers[name] === undefined || !Number.isFinite(value) ? undefined : value;
    };
    const info: RateLimitInfo = {
      limit: number("x-ratelimit-limit"),
      // The spec's spelling, and the one the real service was recorded sending 2017-2026
      // (real-service-evidence.md §7): either is the remaining count.
      remaining: number("x-ratelimit-remaining") ?? number("x-ratelimit-limit-remaining"),
      reset: number("x-ratelimit-reset"),
    };
    if (info.limit !== undefined || info.remaining !== undefined) this.stats.rateLimit = info;
    const date = Date.parse(String(response.headers["date"] ?? ""));
    const budget = this.budgets[tier];
    budget.observe({ ...info, serverNowMs: Number.isFinite(date) ? date : undefined });
    // The default pace follows the account's limit as the service states it (a higher plan,
    // the local service's): the policy's share of it.
    if (this.givenPace(tier) === undefined && info.limit !== undefined && info.limit > 0) {
      const perMinute = (info.limit * this.share.share * 60_000) / this.share.windowMs;
      if (perMinute !== this.buckets[tier].rate) this.buckets[tier].setRate(perMinute);
    }
    // Out of requests: hold everyone until the window's reset, or (a bucket, whose reset is
    // when it is empty) until one request has drained (bounded).
    const wait = info.remaining === 0 && response.status !== 429 ? this.untilFree(budget, info) : undefined;
    if (wait) this.gate.pauseUntil(Date.now() + wait);
    return info;
  }

  /** Until a request may succeed again: the window's reset, or one request's drain of a bucket (doubling per 429 in a row). */
  private untilFree(budget: AccountBudget, rateLimit: RateLimitInfo, rateLimitAttempt = 1): number | undefined {
    const untilReset = untilResetMs(this.policy, rateLimit.reset);
    if (budget.drain !== "bucket") return untilReset;
    const drained = Math.ceil(budget.msPerRequest() * 2 ** (rateLimitAttempt - 1));
    return untilReset === undefined ? drained : Math.min(untilReset, drained);
  }

  /** What the answer's Retry-After asks for (ms), if it has one. */
  private retryAfter(response: AxiosResponse): number | undefined {
    const date = Date.parse(String(response.headers["date"] ?? ""));
    const header = response.headers["retry-after"];
    return retryAfterMs(this.policy, header === undefined ? undefined : String(header), Number.isFinite(date) ? date : undefined);
  }

  private async waitForReset(prepared: Prepared, rateLimit: RateLimitInfo, rateLimitAttempt: number, retryAfter?: number): Promise<void> {
    // Retry-After first, when the answer has one (D131); then the reset, then our own estimate.
    // A reset already in the past (clock skew) still gets a short pause, so 429s never spin.
    const untilReset = retryAfter ?? this.untilFree(this.budgets[prepared.spec.tier], rateLimit, rateLimitAttempt);
    const delay = untilReset === undefined ? backoffMs(this.policy, rateLimitAttempt) : Math.max(untilReset, this.policy.baseDelayMs);
    this.log("warn", `429 on ${prepared.spec.method} ${prepared.path}; waiting ${delay} ms for the rate-limit reset`);
    this.gate.pauseUntil(Date.now() + delay);
    const waited = await this.gate.pass();
    this.stats.waitMs.rateLimit += waited;
  }

  private async backoff(prepared: Prepared, delayMs: number, reason: string): Promise<void> {
    this.log("warn", `retrying ${prepared.spec.method} ${prepared.path} in ${delayMs} ms after ${reason}`);
    this.stats.retries += 1;
    this.stats.waitMs.backoff += delayMs;
    await sleep(delayMs);
  }

  private parse(prepared: Prepared, response: AxiosResponse): unknown {
    const { spec } = prepared;
    if (spec.response.kind === "empty") return undefined;
    const envelope = responseEnvelope(prepared.id);
    const parsed = envelope ? validate(envelope, response.data) : undefined;
    if (!parsed?.ok) {
      const detail = parsed?.issues.map((issue) => `${issue.path}: ${issue.message}`).join("; ");
      throw this.fail(prepared, response.status, "invalid_response", `response does not match the contract: ${detail}`);
    }
    // The envelope is an object schema: a parsed body is always a record.
    const body: Record<string, unknown> = isRecord(parsed.value) ? parsed.value : {};
    const warnings = normalizeWarnings(body.warnings);
    // Redacted like errors: a warning can quote what was sent (a file name, a field), key included.
    if (warnings.length) this.options.onWarnings?.(this.redactor.value(warnings), { operation: prepared.id, method: spec.method, path: prepared.path });
    if (spec.response.kind === "body") return body;
    if (spec.response.kind === "resource") return body[spec.response.key];
    const keys = [spec.response.key, ...(spec.response.aliases ?? [])];
    const items = keys.map((key) => body[key]).find(Array.isArray) ?? [];
    return { items, list_info: body.list_info, warnings };
  }

  private apiError(prepared: Prepared, response: AxiosResponse): EsignApiError {
    const envelope = errorEnvelopeSchema.safeParse(response.data);
    if (envelope.success) {
      const { error_name, error_msg, error_path } = envelope.data.error;
      return this.fail(prepared, response.status, error_name, error_msg, error_path ?? undefined, undefined, true);
    }
    if (response.status === 404 || response.status === 410) {
      // Not the service's envelope: a proxy's page or a server that is not the API. Never
      // evidence that the object is gone (isGone); the line names the whole URL.
      const type = String(response.headers["content-type"] ?? "no content type").split(";")[0];
      return this.fail(
        prepared,
        response.status,
        "not_the_api",
        `${this.http.defaults.baseURL}${prepared.path} answered ${response.status} without the API's error envelope (${type}): is the base URL the API's /v3?`,
      );
    }
    const success = response.status >= 200 && response.status < 300;
    const text = typeof response.data === "string" ? response.data.slice(0, 200) : "";
    return this.fail(
      prepared,
      response.status,
      success ? "unexpected_status" : "unknown_error",
      success ? `expected status ${prepared.spec.successStatus.join(" or ")}` : text || (response.statusText ?? ""),
    );
  }

  private networkError(prepared: Prepared, code: string | undefined, message: string): EsignApiError {
    return this.fail(prepared, 0, "network_error", message, undefined, code);
  }

  private fail(prepared: Prepared, status: number, errorName: string, errorMsg: string, errorPath?: string, code?: string, envelope = false): EsignApiError {
    const ambiguous = !prepared.spec.idempotent && (status === 0 || status >= 500);
    return new EsignApiError({ status, errorName, errorMsg, errorPath, method: prepared.spec.method, path: prepared.path, operation: prepared.id, code, ambiguous, envelope }, this.redactor);
  }

  private report(prepared: Prepared, attempt: number, status: number, started: number, rateLimit: RateLimitInfo): void {
    const durationMs = Date.now() - started;
    this.log("debug", `<- ${status || "no response"} ${prepared.spec.method} ${prepared.path} in ${durationMs} ms`);
    this.options.onResponse?.({ operation: prepared.id, method: prepared.spec.method, path: prepared.path, attempt, status, durationMs, rateLimit });
  }

  private log(level: "debug" | "warn", message: string): void {
    this.options.logger?.[level]?.(this.redactor.text(message));
  }
}

/**
 * Numeric options that would stall every request (a NaN concurrency cap never frees a slot,
 * a NaN timeout never fires) are refused when the client is made, naming the option.
 */
function checkNumbers(options: EsignClientOptions): void {
  const rules: [keyof EsignClientOptions, number, boolean][] = [
    // [option, least value, whole numbers only]
    ["requestsPerMinute", 0, false],
    ["highTierRequestsPerMinute", 0, false],
    ["burst", 1, true],
    ["maxConcurrency", 1, true],
    ["timeoutMs", 1, false],
    ["maxResponseBytes", 1, true],
  ];
  const share = options.share?.share;
  if (share !== undefined && !(typeof share === "number" && share > 0 && share <= 1)) {
    throw new Error(`EsignClient: share.share must be a number above 0 and at most 1, got ${String(share)}`);
  }
  const windowMs = options.share?.windowMs;
  if (windowMs !== undefined && !(typeof windowMs === "number" && Number.isFinite(windowMs) && windowMs >= 1000)) {
    throw new Error(`EsignClient: share.windowMs must be a number of at least 1000, got ${String(windowMs)}`);
  }
  for (const [name, least, whole] of rules) {
    const value = options[name];
    if (value === undefined) continue;
    if (typeof value !== "number" || !Number.isFinite(value) || value < least || (whole && !Number.isInteger(value))) {
      throw new Error(`EsignClient: ${name} must be ${whole ? "a whole number" : "a number"} of at least ${least}, got ${String(value)}`);
    }
  }
}

function normalizeWarnings(value: unknown): Warning[] {
  const parsed = warningsSchema.safeParse(value);
  if (!parsed.success) return [];
  return Array.isArray(parsed.data) ? parsed.data : [parsed.data];
}
