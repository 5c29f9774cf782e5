/**
 * The fast tier: a resource's provider driven in process against the local service started in
 * process on port 0 (real HTTP, no CLI, no engine). Each suite gets its own service and each
 * run its own dynamic host (a new Deployment, as a new provider process would have); the
 * driver calls the host's provider methods in the order the engine does (check, then
 * create with the checked inputs; diff and update with the state's outputs as olds; read with
 * the state's outputs), and counts the API calls each step made from the service's own log.
 */
import type * as pulumi from "@pulumi/pulumi";
import { DynamicHost } from "../../../provider/runtime";
import { startService, type RunningService } from "../../../service";
import type { ServiceOptions } from "../../../service/options";
import type { RequestLogEntry } from "../../../service/http/request-log";

export type Props = Record<string, any>;

/** Provider settings as stack config keys (`esign:apiKey`, `esign:baseUrl`, ...). */
export type ConfigMap = Record<string, string | undefined>;

export interface Created {
  id: string;
  outs: Props;
}

export class ResourceDriver {
  constructor(
    readonly type: string,
    private readonly h: ProviderHarness,
  ) {}

  private get p(): pulumi.dynamic.ResourceProvider {
    return this.h.host.resourceProvider(this.type);
  }

  async check(news: Props, olds: Props = {}): Promise<pulumi.dynamic.CheckResult> {
    await this.h.applyConfig(this.type);
    return this.p.check!(olds, news);
  }

  /** check + create, as `up` does for a new resource; throws on check failures. */
  async create(news: Props): Promise<Created> {
    const checked = await this.check(news);
    if (checked.failures?.length) {
      throw new Error(`check failed: ${checked.failures.map((f) => `${f.property}: ${f.reason}`).join("; ")}`);
    }
    const made = await this.p.create(checked.inputs ?? news);
    return { id: made.id, outs: made.outs ?? {} };
  }

  async diff(id: string, olds: Props, news: Props): Promise<pulumi.dynamic.DiffResult> {
    await this.h.applyConfig(this.type);
    const checked = await this.p.check!(olds, news);
    return this.p.diff!(id, olds, checked.inputs ?? news);
  }

  async read(id: string, props: Props): Promise<pulumi.dynamic.ReadResult> {
    await this.h.applyConfig(this.type);
    return this.p.read!(id, props);
  }

  async update(id: string, olds: Props, news: Props): Promise<Props> {
    await this.h.applyConfig(this.type);
    const checked = await this.p.check!(olds, news);
    const result = await this.p.update!(id, olds, checked.inputs ?? news);
    return result.outs ?? {};
  }

  async delete(id: string, props: Props): Promise<void> {
    await this.h.applyConfig(this.type);
    await this.p.delete!(id, props);
  }
}

export class ProviderHarness {
  private config: ConfigMap;
  /** The explicit provider (native plugin) these settings belong to, if any. */
  private explicit: string | undefined;
  private readonly uncounted = new Set<string>();
  /** The dynamic host of the current run (`nextRun` starts another). */
  host: DynamicHost;

  private constructor(
    readonly svc: RunningService,
    private readonly readLagMs: number,
  ) {
    this.config = { "esign:apiKey": svc.apiKey, "esign:baseUrl": svc.baseUrl };
    this.host = new DynamicHost({ readLagMs });
  }

  /**
   * A fresh service on port 0 and a provider configured for its start account. `readLagMs`: the
   * provider's bound of the read-after-create lag (core/read-lag.ts): 1 s by default, so a
   * read of a just-deleted object says "gone" quickly; suites that switch the service's lag on
   * give one longer than it.
   */
  static async start(options: ServiceOptions = {}, readLagMs = 1000): Promise<ProviderHarness> {
    return new ProviderHarness(await startService({ port: 0, checkReplies: true, ...options }), readLagMs);
  }

  /**
   * Ends the current deployment and starts the next, as separate `pulumi up` / `destroy` runs
   * are separate provider processes: claims and cached lists do not carry over. `readLagMs`:
   * this run's bound of the read-after-create lag (default: the suite's).
   */
  nextRun(readLagMs = this.readLagMs): void {
    this.host = new DynamicHost({ readLagMs });
  }

  /**
   * Leaves the account pin's read out of `counting`: GET /account, made once per run before
   * the first operation that reaches the service (D31; test/provider/accounts/pin.test.ts
   * counts it). Suites that pin each operation's own calls use this.
   */
  ignoringPinRead(): this {
    this.uncounted.add("GET /v3/account");
    return this;
  }

  resource(type: string): ResourceDriver {
    return new ResourceDriver(type, this);
  }

  /** Replaces the provider's settings (as a stack config change would); undefined removes a key. */
  configure(config: ConfigMap): void {
    this.config = { ...config };
  }

  /**
   * Configures as the native plugin configures an explicit provider named `name` (its own
   * inputs only, no environment); undefined: the default provider again.
   */
  asExplicitProvider(name: string | undefined): this {
    this.explicit = name;
    return this;
  }

  /** Merges settings into the current ones. */
  set(config: ConfigMap): void {
    this.config = { ...this.config, ...config };
  }

  get settings(): ConfigMap {
    return { ...this.config };
  }

  /** What the engine does before each call: configure the provider with the stack's config. */
  async applyConfig(type: string): Promise<void> {
    const config = this.config;
    const get = (key: string) => config[key];
    if (this.explicit) this.host.configure({ get, env: {}, holder: { explicit: this.explicit } });
    else await this.host.resourceProvider(type).configure!({ config: { get } } as never);
  }

  /** The API requests the service saw after `since` (a `mark()`), from its own request log. */
  requestsSince(since: number): RequestLogEntry[] {
    return this.svc.app.requestLog.query({ since });
  }

  mark(): number {
    return this.svc.app.requestLog.lastSeq;
  }

  /** Runs `fn` and returns its result with the API calls it made ("GET /v3/team", ...). */
  async counting<T>(fn: () => Promise<T>): Promise<{ result: T; calls: string[] }> {
    const since = this.mark();
    const result = await fn();
    const calls = this.requestsSince(since).map((e) => `${e.method} ${e.path}`);
    return { result, calls: calls.filter((c) => !this.uncounted.has(c)) };
  }

  /** The control plane (/_local/...) as JSON. */
  async control(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
    const res = await fetch(`${this.svc.url}/_local${path}`, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }

  /** A second account on the same service: its id and key. */
  async newAccount(email?: string): Promise<{ account_id: string; api_key: string; email_address: string }> {
    const r = await this.control("POST", "/accounts", email ? { email_address: email } : {});
    if (r.status !== 201) throw new Error(`account create failed: ${JSON.stringify(r.body)}`);
    return r.body;
  }

  async close(): Promise<void> {
    await this.svc.close();
  }
}
