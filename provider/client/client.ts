/**
 * EsignClient: the areas of the interface (client.apiApp, client.team ...) over one
 * Transport, plus stats() and pagination. One instance per account/credential.
 */
import type { OperationId, RequestParts, ResultOf } from "../../contract";
import { buildAreas, type Areas } from "./areas";
import type { EsignClientOptions } from "./options";
import { paginate, paginatePages, collectAll } from "./pagination";
import type { RetryPolicy } from "./retry";
import type { ClientStats } from "./stats";
import { Transport } from "./transport";

export class EsignClient {
  readonly account: Areas["account"];
  readonly apiApp: Areas["apiApp"];
  readonly signatureRequest: Areas["signatureRequest"];
  readonly template: Areas["template"];
  readonly embedded: Areas["embedded"];
  readonly unclaimedDraft: Areas["unclaimedDraft"];
  readonly document: Areas["document"];
  readonly team: Areas["team"];
  readonly faxLine: Areas["faxLine"];
  readonly fax: Areas["fax"];
  readonly report: Areas["report"];

  /** Items of every page: `for await (const app of client.paginate(client.apiApp.list, {}))`. */
  readonly paginate = paginate;
  /** Whole pages ({ items, list_info, warnings }). */
  readonly paginatePages = paginatePages;
  /** Every item of every page, as an array. */
  readonly collectAll = collectAll;

  private readonly transport: Transport;

  constructor(options: EsignClientOptions = {}) {
    this.transport = new Transport(options);
    const areas = buildAreas((id, parts) => this.transport.call(id, parts));
    this.account = areas.account;
    this.apiApp = areas.apiApp;
    this.signatureRequest = areas.signatureRequest;
    this.template = areas.template;
    this.embedded = areas.embedded;
    this.unclaimedDraft = areas.unclaimedDraft;
    this.document = areas.document;
    this.team = areas.team;
    this.faxLine = areas.faxLine;
    this.fax = areas.fax;
    this.report = areas.report;
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
