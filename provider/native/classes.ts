/**
 * Classes of the native `esign:index:*` resource types, for the Account component's children
 * (account-file/program.ts takes the classes to build). Every property of the resource's
 * schema description is an output, as in a generated SDK.
 */
import * as pulumi from "@pulumi/pulumi";
import type { ResourceClasses } from "../account-file/program";
import { resourceProperties } from "../schema/generate";
import { resourceSpecs } from "../schema/resources";
import { nativeToken } from "./tokens";

function nativeClass(kind: string): new (name: string, args: pulumi.Inputs, opts?: pulumi.CustomResourceOptions) => pulumi.CustomResource {
  const props = resourceProperties(resourceSpecs[kind]);
  const secrets = Object.keys(props).filter((k) => props[k].secret);
  return class extends pulumi.CustomResource {
    constructor(name: string, args: pulumi.Inputs, opts: pulumi.CustomResourceOptions = {}) {
      const outputs = Object.fromEntries(Object.keys(props).map((k) => [k, undefined]));
      super(nativeToken(kind), name, { ...outputs, ...args }, pulumi.mergeOptions(opts, { additionalSecretOutputs: secrets }));
    }
  };
}

export const nativeClasses = Object.fromEntries(Object.keys(resourceSpecs).map((k) => [k, nativeClass(k)])) as unknown as ResourceClasses;
