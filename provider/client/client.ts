/**
 * EsignClient: the areas of the interface (client.apiApp, client.team ...) over one
 * Transport, plus stats() and pagination. One instance per account/credential.
 */
import type { OperationId, RequestParts, ResultOf } from "../../contract";
import { WithAreas } from "./areas";
import type { EsignClientOptions } from "./options";
import { paginate, paginatePages, collectAll } from "./pagination";
import type { RetryPolicy } from "./retry";
import type { ClientStats } from "./stats";
import { Transport } from "./transport";

/** The areas (`client.template.get(id)` ...) are derived from the operation table: areas.ts. */
export class EsignClient extends WithAreas {
  /** Items of every page: `for await (const app of client.paginate(client.apiApp.list, {}))`. */
  readonly paginate = paginate;
  /** Whole pages ({ items, list_info, warnings }). */
  readonly paginatePages = paginatePages;
  /** Every item of every page, as an array. */
  readonly collectAll = collectAll;

  private readonly transport: Transport;

  constructor(options: EsignClientOptions = {}) {
    const transport = new Transport(options);
    super((id, parts) => transport.call(id, parts));
    this.transport = transport;
  }

  /** Calls any operation by id (table-driven callers: service tests, benchmarks). */
  request<Id extends OperationId>(id: Id, parts: RequestParts = {}): Promise<ResultOf<Id>> {
    return this.transport.call(id, parts);
  }

  /** A snapshot of the counters (requests, statuses, retries, 429s, waiting time). */
  stats(): ClientStats {
    return structuredClone(this.transport.stats);
  }

  /** The retry policy in effect (defaults merged with options.retry). */
  get retryPolicy(): Readonly<RetryPolicy> {
    return this.transport.policy;
  }
}
