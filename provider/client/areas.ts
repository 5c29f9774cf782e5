/**
 * The client's areas and methods, derived from the operation table (D146): no method is
 * written by hand. A row's id `<area>.<verb>` names it (`api_app.get` is
 * `client.apiApp.get`); its arguments are the path ids in the order of the row's path
 * (`apiApp.get(clientId)`), then the body (always given, `{}` when empty), then the query,
 * which may be left out when it has no required key (`team.addMember(body, query?)`). A
 * paginated list takes ONE object, path params and query together
 * (`team.members({ team_id, page_size })`), so paginate() can drive it.
 */
import type { z } from "zod";
import type { BodyOf, OperationId, Operations, ParamsOf, QueryOf, RequestParts, ResultOf } from "../../contract";
import { operation, operationIds } from "../../contract";
import { camelCase } from "../core/naming";

export type Call = <Id extends OperationId>(id: Id, parts: RequestParts) => Promise<ResultOf<Id>>;

type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;
type AreaOf<Id extends string> = Id extends `${infer Area}.${string}` ? Area : never;
type VerbOf<Id extends string> = Id extends `${string}.${infer Verb}` ? Verb : never;
/** The `{placeholders}` of a path, in order. */
type PathIds<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}` ? [Name, ...PathIds<Rest>] : [];
type Has<Id extends OperationId, K extends "body" | "query"> = Operations[Id] extends { readonly [P in K]: z.ZodType } ? true : false;
/** The body, then the query, each when the row has it; a query without a required key may be left out. */
type Parts<Id extends OperationId> = [
  ...(Has<Id, "body"> extends true ? [BodyOf<Id>] : []),
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- `{} extends T`: T has no required key
  ...(Has<Id, "query"> extends true ? ({} extends QueryOf<Id> ? [QueryOf<Id>?] : [QueryOf<Id>]) : []),
];
/** One argument per path id, typed by the row's params schema. */
type IdArgs<Id extends OperationId, Names = PathIds<Operations[Id]["path"]>> = Names extends [infer Name, ...infer Rest] ? [ParamsOf<Id>[Name & keyof ParamsOf<Id>], ...IdArgs<Id, Rest>] : [];
type IsPaginated<Id extends OperationId> = Operations[Id]["response"] extends { readonly paginated: true } ? true : false;

/** Path params and query in one object, for paginated list operations. */
export type ListArgs<Id extends OperationId> = ([ParamsOf<Id>] extends [never] ? unknown : ParamsOf<Id>) & QueryOf<Id>;

/** The client method of operation `Id`. */
export type MethodOf<Id extends OperationId> = IsPaginated<Id> extends true ? (args?: ListArgs<Id>) => Promise<ResultOf<Id>> : (...args: [...IdArgs<Id>, ...Parts<Id>]) => Promise<ResultOf<Id>>;

/** Every area (`client.apiApp` ...) with the methods of its operations. */
export type Areas = {
  [Area in AreaOf<OperationId> as CamelCase<Area>]: { [Id in OperationId as AreaOf<Id> extends Area ? CamelCase<VerbOf<Id>> : never]: MethodOf<Id> };
};

/** How operation `id` is called on the client: its names and the order of its arguments. */
export interface CallShape {
  area: string;
  method: string;
  /** Path ids, in the path's order: the first arguments (or keys of the one object of a paginated list). */
  pathIds: string[];
  /** The parts after the path ids, in order. */
  parts: ("body" | "query")[];
  /** A paginated list: one object, path params and query together. */
  paginated: boolean;
}

export function callShape(id: OperationId): CallShape {
  const spec = operation(id);
  const [area, verb] = id.split(".");
  const paginated = spec.response.kind === "list" && spec.response.paginated;
  const parts = (["body", "query"] as const).filter((part) => spec[part] !== undefined);
  return { area: camelCase(area), method: camelCase(verb), pathIds: [...spec.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]), parts, paginated };
}

type Method = (...args: never[]) => Promise<unknown>;

function method(id: OperationId, call: Call): Method {
  const shape = callShape(id);
  if (shape.paginated) {
    // Splits the one object into path params and query by the path's placeholders.
    return (args: Record<string, unknown> = {}) => {
      const params: Record<string, unknown> = {};
      const query: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(args)) (shape.pathIds.includes(key) ? params : query)[key] = value;
      return call(id, { params, query });
    };
  }
  return (...args: unknown[]) => {
    const ids = Object.fromEntries(shape.pathIds.map((name, i) => [name, args[i]]));
    const parts = Object.fromEntries(shape.parts.map((part, i) => [part, args[shape.pathIds.length + i]]));
    return call(id, { ...(shape.pathIds.length > 0 ? { params: ids } : {}), ...parts });
  };
}

/** The areas over `call`, one method per row of the table. */
function buildAreas(call: Call): Record<string, Record<string, Method>> {
  const areas: Record<string, Record<string, Method>> = {};
  for (const id of operationIds) {
    const shape = callShape(id);
    (areas[shape.area] ??= {})[shape.method] = method(id, call);
  }
  return areas;
}

/**
 * A base class whose instances carry the areas (`client.template`, `client.team` ...) over
 * `call`. Cast: the areas are built by a loop over the table's rows, which TypeScript cannot
 * follow; `Areas` is the same derivation at the type level (test/client/areas.test.ts).
 */
export const WithAreas = class {
  constructor(call: Call) {
    Object.assign(this, buildAreas(call));
  }
} as new (call: Call) => Areas;
