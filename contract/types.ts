/** Types derived from the operation table: request parts (z.input) and results (z.output). */
import type { z } from "zod";
import type { OperationId, Operations } from "./operations";
import type { listInfoSchema, warningSchema } from "./resources-account";

type Part<Id extends OperationId, K extends "params" | "query" | "body"> = Operations[Id] extends { readonly [P in K]: infer S extends z.ZodType } ? z.input<S> : never;

/** The body a caller sends for `Id` (snake_case wire object). */
export type BodyOf<Id extends OperationId> = Part<Id, "body">;
export type QueryOf<Id extends OperationId> = Part<Id, "query">;
export type ParamsOf<Id extends OperationId> = Part<Id, "params">;

export type ListInfo = z.output<typeof listInfoSchema>;
export type Warning = z.output<typeof warningSchema>;

/** One page of a list operation, the key-independent shape the client returns. */
export interface ListPage<T> {
  items: T[];
  list_info: ListInfo | undefined;
  warnings: Warning[];
}

/** What the client returns for `Id`: the unwrapped resource, a ListPage, or void. */
export type ResultOf<Id extends OperationId> = Operations[Id]["response"] extends infer R
  ? R extends { kind: "resource" | "body"; schema: infer S extends z.ZodType }
    ? z.output<S>
    : R extends { kind: "list"; schema: infer S extends z.ZodType }
      ? ListPage<z.output<S>>
      : void
  : never;

type Out<S extends z.ZodType> = z.output<S>;
type AccountSchemas = typeof import("./resources-account");
type DocumentSchemas = typeof import("./resources-documents");

/** Parsed resources, as the client returns them (snake_case wire objects). */
export type Account = Out<AccountSchemas["accountSchema"]>;
export type ApiApp = Out<AccountSchemas["apiAppSchema"]>;
export type Team = Out<AccountSchemas["teamSchema"]>;
export type TeamInfo = Out<AccountSchemas["teamInfoSchema"]>;
export type TeamMember = Out<AccountSchemas["teamMemberSchema"]>;
export type SubTeam = Out<AccountSchemas["subTeamSchema"]>;
export type TeamInvite = Out<AccountSchemas["teamInviteSchema"]>;
export type FaxLine = Out<AccountSchemas["faxLineSchema"]>;
export type Report = Out<AccountSchemas["reportSchema"]>;
export type EmbeddedEditUrl = Out<AccountSchemas["embeddedEditUrlSchema"]>;
export type FileUrl = Out<AccountSchemas["fileUrlSchema"]>;
export type ErrorEnvelope = Out<AccountSchemas["errorEnvelopeSchema"]>;
export type SignatureRequest = Out<DocumentSchemas["signatureRequestSchema"]>;
export type Template = Out<DocumentSchemas["templateSchema"]>;
export type TemplateDraft = Out<DocumentSchemas["templateDraftSchema"]>;
export type UnclaimedDraft = Out<DocumentSchemas["unclaimedDraftSchema"]>;
export type DetectionResult = Out<DocumentSchemas["detectionResultSchema"]>;
export type Fax = Out<DocumentSchemas["faxSchema"]>;
