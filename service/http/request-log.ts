/**
 * @module service/http/request-log
 * Every API request with its outcome, so tests and benchmarks can count calls, 429s and
 * failures exactly (GET /_local/requests). In memory; the newest 100,000 to 110,000 kept.
 */

export interface RequestLogEntry {
  seq: number;
  /** Milliseconds since the epoch when the request arrived. */
  time: number;
  method: string;
  path: string;
  status: number;
  account_id: string | null;
  operation: string | null;
  error_name: string | null;
  duration_ms: number;
  /** True when a fault rule produced the response or delay. */
  fault: boolean;
}

const CAP = 100_000;
/** Trimmed in batches: a splice of the oldest entry per request past the cap was O(CAP) each. */
const SLACK = CAP / 10;

export class RequestLog {
  private entries: RequestLogEntry[] = [];
  private seq = 0;

  nextSeq(): number {
    return ++this.seq;
  }

  add(e: RequestLogEntry): void {
    this.entries.push(e);
    if (this.entries.length > CAP + SLACK) this.entries.splice(0, this.entries.length - CAP);
  }

  query(filter: { account_id?: string; since?: number }): RequestLogEntry[] {
    return this.entries.filter((e) => (filter.account_id === undefined || e.account_id === filter.account_id) && (filter.since === undefined || e.seq > filter.since));
  }

  clear(): void {
    this.entries = [];
  }

  get lastSeq(): number {
    return this.seq;
  }
}
