/**
 * @module service/kernel/services
 * The long-lived services shared by requests, background tasks and the control plane.
 */
import type { AccountService } from "../accounts/service";
import type { ResolvedOptions } from "../options";
import type { Store } from "../store/types";

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
