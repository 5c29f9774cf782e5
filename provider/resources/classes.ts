/**
 * The program-side classes a definition yields, as types: its args (the zod inputs, each value
 * a `pulumi.Input`) and its outputs (every property of its state, as `pulumi.Output`). The dynamic
 * classes (dynamic/classes.ts) and the native plugin's (native/classes.ts) both have these
 * types, so the account file builds either (account-file/program.ts).
 */
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type { AnyDefinition, StateOf } from "./define";
import { allDefinitions, type definitions, type Kind } from "./definitions";
import { resourceSpecs } from "../schema/resources";
import { resourceProperties } from "../schema/resources/common";

/** A plain value as a program may give it: each level an Input. */
type InputOf<T> = T extends readonly (infer U)[] ? pulumi.Input<InputOf<U>[]> : T extends Record<string, unknown> ? pulumi.Input<{ [K in keyof T]: InputOf<T[K]> }> : pulumi.Input<T>;

type InputsSchema<D extends AnyDefinition> = z.input<D["inputs"]>;

export type ArgsOf<D extends AnyDefinition> = { [K in keyof InputsSchema<D>]: InputOf<InputsSchema<D>[K]> };

/** Everything the object's state holds once created. */
export type StateValues<D extends AnyDefinition> = StateOf<D["inputs"], NonNullable<D["computed"]>, D["outputs"], D["about"]["requiredOutputs"][number]>;

/** Each property of the state as an Output: the required outputs defined, the others possibly undefined. */
export type OutputsOf<D extends AnyDefinition> = { readonly [K in keyof StateValues<D> & string]: pulumi.Output<StateValues<D>[K]> };

/** `args` may be left out when every input is optional (Team). */
type CtorArgs<D extends AnyDefinition> = object extends ArgsOf<D> ? [args?: ArgsOf<D>, opts?: pulumi.CustomResourceOptions] : [args: ArgsOf<D>, opts?: pulumi.CustomResourceOptions];

export type ResourceClass<D extends AnyDefinition> = new (name: string, ...rest: CtorArgs<D>) => pulumi.CustomResource & OutputsOf<D>;

/** A class per kind: what the account file builds. */
export type ResourceClasses = { [K in Kind]: ResourceClass<(typeof definitions)[K]> };

/**
 * What a class of `d` registers: every property of its state as an output (undefined until the
 * engine answers) and the secret ones, from the schema's properties (schema/resources/).
 */
export function registeredOutputs(d: AnyDefinition): { outputs: Record<string, undefined>; secrets: string[] } {
  const props = resourceProperties(resourceSpecs[d.kind]);
  return {
    outputs: Object.fromEntries(Object.keys(props).map((k) => [k, undefined])),
    secrets: Object.keys(props).filter((k) => props[k].secret),
  };
}

/** A class per kind, each made by `make` (the dynamic or the native host's factory). */
export function classesOf(make: <D extends AnyDefinition>(d: D) => ResourceClass<D>): ResourceClasses {
  // Built by kind from the list, so the table's per-kind types are restated once here.
  return Object.fromEntries(allDefinitions.map((d) => [d.kind, make(d)])) as ResourceClasses;
}
