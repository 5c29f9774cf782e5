/**
 * @module service/kernel/route
 * An API route and the context its handler receives. `route(operationId, handler)`
 * (service/http/route.ts) types the handler's params, query and body from the contract: the
 * pipeline validates them with the same operation before the handler runs, so a handler reads
 * `ctx.body.name` without a cast. Routes outside the contract (file downloads) get the untyped
 * parts.
 */
import type { Account } from "../accounts/types";
import type { BodyOf, OperationId, ParamsOf, QueryOf } from "../../contract";
import type { AnswerOf } from "./answer";
import type { HttpMethod, Reply } from "./reply";
import type { ServiceContext } from "./services";

export interface UploadedFile {
  /** Field name without index: "files" for `files[0]`/`files[]`, "custom_logo_file", "file". */
  field: string;
  /** Position among files of the same field (files[0] -> 0). */
  index: number;
  filename: string;
  contentType: string;
  data: Buffer;
}

export interface AuthInfo {
  kind: "api_key" | "oauth";
  /** For OAuth bearer tokens: the app the token was minted for. */
  client_id?: string;
}

/** Everything about a call except its validated parts. */
export interface CallContext extends ServiceContext {
  method: HttpMethod;
  /** Path relative to /v3 ("/api_app/abc"). */
  path: string;
  operation?: OperationId;
  files: UploadedFile[];
  /** "json" | "form" (multipart or urlencoded): how the body arrived. */
  source: "json" | "form";
  account: Account;
  auth: AuthInfo;
}

/** Parts as they come off the wire, for routes the contract does not describe. */
export interface UntypedParts {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
}

/** A part the operation does not declare arrives empty: no key to read. */
type Declared<T> = [T] extends [never] ? { [K in never]: never } : T;

export interface OperationParts<Id extends OperationId> {
  params: Declared<ParamsOf<Id>>;
  query: Declared<QueryOf<Id>>;
  body: Declared<BodyOf<Id>>;
}

/** The context of a call to operation `Id`: its parts validated and typed. */
export type OperationContext<Id extends OperationId> = CallContext & OperationParts<Id>;

/** The context of a call to `Id` (validated, typed parts), or of a route outside the contract. */
export type RequestContext<Id extends OperationId | undefined = undefined> = [Id] extends [OperationId] ? OperationContext<Id> : CallContext & UntypedParts;

/** The handler of operation `Id`: answers the value of its response schema (see answer.ts). */
export type Handler<Id extends OperationId> = (ctx: OperationContext<Id>) => AnswerOf<Id> | Promise<AnswerOf<Id>>;

/** A call whose parts are validated: runs its handler with the call's context (its own object, which it may extend). */
export type Prepared = (ctx: CallContext) => Reply | Promise<Reply>;

export interface Route {
  method: HttpMethod;
  /** Path under /v3 with `{name}` parameters: "/api_app/{client_id}". */
  path: string;
  /** Operation id of the contract ("api_app.create"); when set, the request is validated with it. */
  operation?: OperationId;
  /** Fax, fax line and report endpoints accept only the API key (no OAuth bearer). */
  apiKeyOnly?: boolean;
  /** Validates the raw parts (with the operation's schemas, when it has one; 400 otherwise) for the handler (service/http/route.ts). */
  parse(raw: UntypedParts, source: "json" | "form"): Prepared;
}
