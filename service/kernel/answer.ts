/**
 * @module service/kernel/answer
 * What a handler of an operation returns: the typed value of its response schema (the
 * resource, the whole body, one page of items, or nothing), never the envelope. The pipeline
 * wraps it under the contract's key and adds list info and warnings (service/http/envelope.ts),
 * so no handler restates a key or answers `unknown`.
 */
import type { z } from "zod";
import type { ListInfo, OperationId, Operations, ResponseSpec, Warning } from "../../contract";

/** A list answer: its items, and list_info when the list is paginated. */
export interface Page<T> {
  items: T[];
  list_info?: ListInfo;
}

/** A paginated list's answer must say where the page is. */
export interface PaginatedPage<T> extends Page<T> {
  list_info: ListInfo;
}

/** The value for a response spec: the resource or body (the schema's output type), a page, or nothing. */
export type ValueOf<R extends ResponseSpec> = R extends { kind: "resource" | "body"; schema: infer S extends z.ZodType }
  ? z.output<S>
  : R extends { kind: "list"; schema: infer S extends z.ZodType }
    ? R extends { paginated: true }
      ? PaginatedPage<z.output<S>>
      : Page<z.output<S>>
    : void;

/** What the envelope may add besides the value. */
export interface Extras {
  /** A success status other than the operation's first. */
  status?: number;
  /** Sent only when there are any, unless `alwaysWarnings`. */
  warnings?: readonly Warning[];
  /** Send `warnings` even when empty (detection always answers the key). */
  alwaysWarnings?: boolean;
}

/** A value with its Extras. */
export class Annotated<T> {
  constructor(
    readonly value: T,
    readonly extras: Extras,
  ) {}
}

/** What a handler returns for response spec `R`. */
export type Answer<R extends ResponseSpec> = ValueOf<R> | Annotated<ValueOf<R>>;

/** What a handler of operation `Id` returns. */
export type AnswerOf<Id extends OperationId> = Answer<Operations[Id]["response"]>;

/** `value` answered with warnings and/or another success status. */
export function annotate<T>(value: T, extras: Extras): Annotated<T> {
  return new Annotated(value, extras);
}
