/**
 * @module service/http/types
 * The extension points of the service: a Route (method, path pattern, operation id, handler)
 * and the context a handler receives. Areas export `Route[]`; service/areas/index.ts lists them.
 *
 * A handler reads `ctx.account`, `ctx.params`, `ctx.query`, `ctx.body` (already validated by
 * the contract for routes with an `operation`), `ctx.files`; changes state through `ctx.store`;
 * returns a Reply (use `ctx.reply.*`) or throws an ApiError (service/http/errors.ts).
 * The app commits the store (fsync with --data) before the response goes out.
 */
import type { Account } from "../accounts/types";
import type { AccountService } from "../accounts/service";
import type { Store } from "../store/types";
import type { ResolvedOptions } from "../options";
import type { ControlRoute } from "../control/types";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface UploadedFile {
  /** Field name without index: "files" for `files[0]`/`files[]`, "custom_logo_file", "file". */
  field: string;
  /** Position among files of the same field (files[0] -> 0). */
  index: number;
  filename: string;
  contentType: string;
  data: Buffer;
}

export interface Clock {
  /** Unix seconds (the API's timestamp unit). */
  now(): number;
  /** Milliseconds, for rate-limit windows and logs. */
  nowMs(): number;
}

/** A callback event to deliver (service/events). */
export interface EventInput {
  event_type: string;
  /** The account the event is reported for; its API key signs event_hash. */
  account_id: string;
  /** When set and the app has a callback_url, the app callback is used. */
  client_id?: string | null;
  /** Resource keys merged into the callback JSON: { template: {...} } or { signature_request: {...} }. */
  payload: Record<string, unknown>;
  related_signature_id?: string | null;
  event_message?: string | null;
}

export interface EventBus {
  emit(event: EventInput): void;
}

export interface Mail {
  to: string;
  subject: string;
  /** Machine-readable kind: team_invite, template_shared, report, ... */
  kind: string;
  body?: string;
  data?: Record<string, unknown>;
}

export interface Outbox {
  send(mail: Mail): void;
}

/** Long-lived services, shared by requests and background tasks. */
export interface ServiceContext {
  store: Store;
  clock: Clock;
  events: EventBus;
  outbox: Outbox;
  accounts: AccountService;
  options: ResolvedOptions;
  /** Base URL clients reach the service at (set once listening; port 0 resolves then). */
  publicUrl?: string;
  /** Runs `task` later (template processing ...); the store is committed after it. Cancelled on close(). */
  schedule(delayMs: number, task: (svc: ServiceContext) => void | Promise<void>): void;
}

export interface Reply {
  status: number;
  /** JSON body; undefined = empty body. */
  body?: unknown;
  /** Raw body (file downloads); takes precedence over body. */
  raw?: Buffer;
  contentType?: string;
  headers?: Record<string, string>;
}

export interface Warning {
  warning_msg: string;
  warning_name: string;
}

export interface ListInfo {
  page: number;
  num_pages: number;
  num_results: number;
  page_size: number;
}

export interface ReplyHelpers {
  /** `{ [key]: value, warnings? }` with status (default 200). */
  json(key: string, value: unknown, opts?: { status?: number; warnings?: Warning[] }): Reply;
  /** `{ list_info, [key]: items, warnings? }`. */
  list(key: string, items: unknown[], listInfo: ListInfo, opts?: { warnings?: Warning[] }): Reply;
  /** Empty body (200 for template delete / team destroy, 204 for api_app delete). */
  empty(status?: number): Reply;
}

export interface AuthInfo {
  kind: "api_key" | "oauth";
  /** For OAuth bearer tokens: the app the token was minted for. */
  client_id?: string;
}

export interface RequestContext extends ServiceContext {
  method: HttpMethod;
  /** Path relative to /v3 ("/api_app/abc"). */
  path: string;
  operation?: string;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  files: UploadedFile[];
  /** "json" | "form" (multipart or urlencoded): how the body arrived. */
  source: "json" | "form";
  account: Account;
  auth: AuthInfo;
  reply: ReplyHelpers;
}

export type Handler = (ctx: RequestContext) => Reply | Promise<Reply>;

export interface Route {
  method: HttpMethod;
  /** Path under /v3 with `{name}` parameters: "/api_app/{client_id}". */
  path: string;
  /** Operation id of the contract ("api_app.create"); when set, the request is validated with it. */
  operation?: string;
  /** Fax, fax line and report endpoints accept only the API key (no OAuth bearer). */
  apiKeyOnly?: boolean;
  handler: Handler;
}

/** One area of the interface (one folder under service/areas). */
export interface Area {
  name: string;
  routes: Route[];
  /** Runs once at start (after replay), e.g. to resume unfinished template processing. */
  onStart?(svc: ServiceContext): void;
  /** Control-plane routes of the area (mounted under /_local/, no auth), e.g. UI stand-ins. */
  controlRoutes?(svc: ServiceContext): ControlRoute[];
}
