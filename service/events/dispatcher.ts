/**
 * @module service/events/dispatcher
 * Callback delivery. An event goes to the app's callback_url (when the request named a
 * client_id whose app has one) or else to the account's callback_url, as a multipart POST
 * with one field `json`. event_hash = hex HMAC-SHA256(key = the account's API key,
 * message = event_time + event_type). The receiver must answer 200 with the body
 * "Hello API Event Received"; anything else is retried after each of the configured delays.
 * Every event and every attempt (with the receiver's answer) is kept for GET /_local/events.
 */
import { createHmac } from "node:crypto";
import type { EventBus, EventInput } from "../kernel";
import { newId } from "../http/ids";
import { outboundFetch } from "../http/outbound";

export const ACK_BODY = "Hello API Event Received";

export interface DeliveryAttempt {
  time: number;
  status: number | null;
  body: string | null;
  error: string | null;
}

export interface EventRecord {
  id: string;
  event_type: string;
  event_time: string;
  account_id: string;
  client_id: string | null;
  /** Where it was sent; null when neither the app nor the account has a callback URL. */
  url: string | null;
  callback_type: "app_callback" | "account_callback" | null;
  json: Record<string, unknown>;
  attempts: DeliveryAttempt[];
  state: "pending" | "delivered" | "failed" | "no_callback_url";
}

export interface DispatcherDeps {
  nowMs(): number;
  /** API key and callback URL of an account. */
  account(id: string): { api_key: string; callback_url: string | null } | undefined;
  /** Callback URL of an app. */
  appCallback(client_id: string): string | null | undefined;
  retryDelaysMs: number[];
}

export function eventHash(apiKey: string, eventTime: string, eventType: string): string {
  return createHmac("sha256", apiKey)
    .update(eventTime + eventType)
    .digest("hex");
}

export class EventDispatcher implements EventBus {
  private records: EventRecord[] = [];
  private timers = new Set<NodeJS.Timeout>();
  private inflight = new Set<Promise<void>>();
  /** Aborts deliveries still in flight when the service closes. */
  private readonly shutdown = new AbortController();
  private closed = false;

  constructor(private readonly deps: DispatcherDeps) {}

  emit(e: EventInput): void {
    const account = this.deps.account(e.account_id);
    if (!account) return;
    const event_time = String(Math.floor(this.deps.nowMs() / 1000));
    const appUrl = e.client_id ? this.deps.appCallback(e.client_id) : null;
    const url = appUrl || account.callback_url || null;
    const callback_type = appUrl ? "app_callback" : url ? "account_callback" : null;
    const json: Record<string, unknown> = {
      event: {
        event_type: e.event_type,
        event_time,
        event_hash: eventHash(account.api_key, event_time, e.event_type),
        event_metadata: {
          related_signature_id: e.related_signature_id ?? null,
          reported_for_account_id: e.account_id,
          reported_for_app_id: appUrl ? e.client_id : null,
          event_message: e.event_message ?? null,
        },
      },
      ...e.payload,
    };
    const rec: EventRecord = {
      id: newId(),
      event_type: e.event_type,
      event_time,
      account_id: e.account_id,
      client_id: e.client_id ?? null,
      url,
      callback_type,
      json,
      attempts: [],
      state: url ? "pending" : "no_callback_url",
    };
    this.records.push(rec);
    if (url) this.attempt(rec, 0);
  }

  private attempt(rec: EventRecord, n: number): void {
    if (this.closed) return;
    const p = this.post(rec).then((ok) => {
      if (ok) rec.state = "delivered";
      else if (n < this.deps.retryDelaysMs.length) this.later(this.deps.retryDelaysMs[n], () => this.attempt(rec, n + 1));
      else rec.state = "failed";
    });
    this.inflight.add(p);
    void p.finally(() => this.inflight.delete(p));
  }

  private async post(rec: EventRecord): Promise<boolean> {
    const form = new FormData();
    form.append("json", JSON.stringify(rec.json));
    const attempt: DeliveryAttempt = { time: this.deps.nowMs(), status: null, body: null, error: null };
    rec.attempts.push(attempt);
    try {
      const signal = AbortSignal.any([AbortSignal.timeout(5000), this.shutdown.signal]);
      const res = await outboundFetch(rec.url!, { method: "POST", body: form, signal });
      attempt.status = res.status;
      attempt.body = (await res.text()).slice(0, 2000);
      return res.status === 200 && attempt.body.includes(ACK_BODY);
    } catch (err) {
      attempt.error = (err as Error).message;
      return false;
    }
  }

  private later(ms: number, fn: () => void): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
  }

  list(): EventRecord[] {
    return this.records.map((r) => ({ ...r, attempts: r.attempts.map((a) => ({ ...a })) }));
  }

  clear(): void {
    this.records = [];
  }

  async close(): Promise<void> {
    this.closed = true;
    this.shutdown.abort();
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await Promise.allSettled([...this.inflight]);
  }
}
