/**
 * Classes of the native `esign:index:*` resource types, for the Account component's children
 * (account-file/program.ts takes the classes to build). Every property of the resource's state
 * is an output, as in a generated SDK; the types are the definitions' (resources/classes.ts).
 */
import * as pulumi from "@pulumi/pulumi";
import { classesOf, registeredOutputs, type ResourceClass, type ResourceClasses } from "../resources/classes";
import type { AnyDefinition } from "../resources/define";
import { nativeToken } from "./tokens";

function nativeClass<D extends AnyDefinition>(d: D): ResourceClass<D> {
  const { outputs, secrets } = registeredOutputs(d);
  const Class = class extends pulumi.CustomResource {
    constructor(name: string, args: pulumi.Inputs = {}, opts: pulumi.CustomResourceOptions = {}) {
      super(nativeToken(d.kind), name, { ...outputs, ...args }, pulumi.mergeOptions(opts, { additionalSecretOutputs: secrets }));
    }
  };
  // The class is built from data, so its type is the definition's, stated once here.
  return Class as unknown as ResourceClass<D>;
}

export const nativeClasses: ResourceClasses = classesOf(nativeClass);
