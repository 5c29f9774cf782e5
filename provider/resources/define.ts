/**
 * A resource's definition: its kind, its properties as zod (typed inputs, what check computes,
 * outputs with their descriptions and secrecy), its implementation, and everything derived from
 * them: schema.json (and so the SDKs and docs), the dynamic and native classes with their typed
 * args and outputs, the import id's format, how to adopt an object, how to find what a create
 * made when its answer never came, what of the account it manages. resources/definitions.ts
 * lists them; nothing else names every kind by hand (what must, is generated: scripts/gen-kinds).
 */
import type { z } from "zod";
import { scopeKey, type Collection } from "../core/collections";
import type { MadeBy } from "../made/finder";
import type { ResourceImpl } from "../core/resource";
import type { Example } from "../schema/examples/types";
import { propSpecsOf, requiredKeys, type PropsSchema } from "../schema/from-zod";
import type { ResourceSpec } from "../schema/spec";

/**
 * The schema description besides the properties: prose, the calls table, the import id, and the
 * outputs always present after create (`R`: their names, so the classes type them as defined).
 */
export type ResourceAbout<R extends string = string> = Omit<ResourceSpec, "inputs" | "requiredInputs" | "computed" | "outputs" | "requiredOutputs"> & {
  requiredOutputs: readonly R[];
};

/** No properties (a resource that computes nothing at check). */
export type NoProps = z.ZodObject<Record<never, never>>;

/** Properties every resource's state has, set around the resource's own operations (operations/). */
export type CommonState = {
  /** The account whose key created or adopted the object (deployment/account-pin.ts). */
  managingAccountId?: string;
};

/**
 * What of the account a resource of a kind manages (D152): the collection drift's unmanaged
 * section lists, `ignore` and `authoritative` name, and the names of it a resource's state holds.
 */
export interface Manages {
  readonly collection: Collection;
  /** For a list on a parent (a template's users): the input naming the parent (`templateId`, `number`). */
  readonly parentKey?: string;
  /** The names a resource's state (its outputs over its inputs) manages: ids, account ids, e-mail addresses lower-cased. */
  names(props: Record<string, unknown>): string[];
  /** An authoritative set: the next `up` removes whoever else the collection lists there. */
  readonly authoritative?: boolean;
}

/** Where the names of a resource's state are (`members`, `templates.access:<id>`); undefined while its parent is unknown. */
export function managedScope(m: Manages, props: Record<string, unknown>): string | undefined {
  if (!m.parentKey) return scopeKey(m.collection);
  const parent = props[m.parentKey];
  return typeof parent === "string" && parent ? scopeKey(m.collection, parent) : undefined;
}

export interface ResourceDefinition<K extends string = string, I extends PropsSchema = PropsSchema, C extends PropsSchema = NoProps, O extends PropsSchema = PropsSchema, R extends string = string> {
  readonly kind: K;
  /** The inputs: types, which are required, descriptions (and `meta({ ref, secret, changeUnless })`). */
  readonly inputs: I;
  /** State that check computes from the inputs (hashes of local files): outputs only. */
  readonly computed?: C;
  /** Outputs besides the inputs (each input is an output too). */
  readonly outputs: O;
  readonly about: ResourceAbout<R>;
  /** Rules, check, diff and create/read/update/delete (the operations run them: operations/). */
  readonly impl: ResourceImpl<InputsOf<I, C>, StateOf<I, C, O, R>>;
  readonly examples: Example[];
  /** The named object types its properties refer to (`meta({ ref, typeDescription })`): the schema's types. */
  readonly types?: readonly PropsSchema[];
  /** The properties read needs when the id is all there is (import); none when the id alone is enough. */
  readonly propsFromId?: (id: string) => Partial<z.output<I>>;
  /** What a program gives to take over the object with this id (named when `{ import }` is refused). */
  readonly adoptWith: (id: string) => string;
  /** The output that is the resource's id, kept known while the object is updated (`clientId`). */
  readonly idOutput?: keyof StateOf<I, C, O, R> & string;
  /**
   * What a create whose answer never came made (D115): the kind's finder, used after a lost
   * answer inside a run and after a run cut off (`esign recover`, the create-time check); or
   * why there is nothing to find (an idempotent create: the next one takes it over in place).
   */
  readonly madeBy: MadeBy<InputsOf<I, C>>;
  /**
   * The logical name the account file's program and `esign export`'s import file give a resource
   * of this kind, from its entry's keys (`template:<key>:access:<who>`); none: the file has no such entry.
   */
  readonly logicalName?: (...keys: string[]) => string;
  /** What of the account it manages; none for a kind no collection lists (the team itself). */
  readonly manages?: Manages;
}

/** The inputs as check passes them on: the program's, with what check computed from them. */
export type InputsOf<I extends PropsSchema, C extends PropsSchema = NoProps> = z.output<I> & ComputedOf<C>;

/** What a resource's state holds: its inputs, what check computed, its outputs; `R`, the outputs always present. */
export type StateOf<I extends PropsSchema, C extends PropsSchema, O extends PropsSchema, R extends string = never> = WithRequired<z.output<I> & ComputedOf<C> & z.output<O> & CommonState, R>;

type WithRequired<T, R extends string> = T & { [K in R & keyof T]-?: NonNullable<T[K]> };

/** What check computed (absent before the first check); nothing for NoProps (whose output type is an index signature). */
export type ComputedOf<C extends PropsSchema> = [keyof C["shape"]] extends [never] ? unknown : Partial<z.output<C>>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any definition, whatever its inputs: its impl takes them as typed (check's news), which no wider schema type accepts; the hosts read them as JSON
export type AnyDefinition = ResourceDefinition<string, any, PropsSchema, PropsSchema, string>;

export function defineResource<K extends string, I extends PropsSchema, O extends PropsSchema, R extends string, C extends PropsSchema = NoProps>(
  definition: ResourceDefinition<K, I, C, O, R>,
): ResourceDefinition<K, I, C, O, R> {
  return definition;
}

/** The schema description of a definition: its `about` with its properties read from the zod schemas. */
export function specOf(d: AnyDefinition): ResourceSpec {
  const computed = propSpecsOf(d.computed, `${d.kind}.computed`);
  return {
    ...d.about,
    requiredOutputs: [...d.about.requiredOutputs],
    inputs: propSpecsOf(d.inputs, d.kind),
    requiredInputs: requiredKeys(d.inputs),
    ...(Object.keys(computed).length ? { computed } : {}),
    outputs: propSpecsOf(d.outputs, `${d.kind}.outputs`),
  };
}
