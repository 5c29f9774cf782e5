/**
 * @module service/kernel
 * The service's types in one place every other folder may import and that imports none of
 * them back (store and accounts types only): replies, shared services, API routes and their
 * context, control routes, areas.
 */
export type { HttpMethod, Reply } from "./reply";
export { annotate, Annotated, type Answer, type AnswerOf, type Page, type PaginatedPage, type ValueOf } from "./answer";
export type { Clock, EventInput, EventBus, Mail, Outbox, ServiceContext } from "./services";
export type { UploadedFile, AuthInfo, CallContext, UntypedParts, OperationParts, OperationContext, RequestContext, Handler, Prepared, Route } from "./route";
export { controlRoute, ok, type ControlRoute, type ControlRequest } from "./control";
export type { Area } from "./area";
