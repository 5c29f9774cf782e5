/**
 * The dynamic resource classes a program uses (`new esign.ApiApp(...)`), one per definition:
 * typed args and outputs from its zod schemas (resources/classes.ts), every state property
 * registered as an output, secret outputs kept secret, and the id output (`clientId`) taken
 * from the id, which stays known while the object is updated (other outputs are unknown during
 * preview), so dependents do not see a spurious change.
 */
import * as pulumi from "@pulumi/pulumi";
import { classesOf, secretOutputs, stateKeys, type ResourceClass } from "../resources/classes";
import type { AnyDefinition } from "../resources/define";
import { EsignResource } from "./esign-resource";

export function dynamicClass<D extends AnyDefinition>(d: D): ResourceClass<D> {
  const outputs = Object.fromEntries(stateKeys(d).map((k) => [k, undefined]));
  const secrets = secretOutputs(d);
  const idOutput = d.idOutput;
  const Class = class extends EsignResource {
    constructor(name: string, args: pulumi.Inputs = {}, opts?: pulumi.CustomResourceOptions) {
      super(d.kind, d.adoptWith, name, { ...outputs, ...args }, secrets.length ? pulumi.mergeOptions(opts, { additionalSecretOutputs: secrets }) : opts);
      if (idOutput) (this as unknown as Record<string, pulumi.Output<string>>)[idOutput] = this.id;
    }
  };
  Object.defineProperty(Class, "name", { value: d.kind });
  // The class is built from data, so its type is the definition's, stated once here.
  return Class as unknown as ResourceClass<D>;
}

/** The seven classes, by kind: what the account file builds by default. */
export const dynamicClasses = classesOf(dynamicClass);

export const { ApiApp, Team, TeamMember, Template, TemplateAccess, FaxLine, FaxLineUser } = dynamicClasses;
export type ApiApp = InstanceType<typeof ApiApp>;
export type Team = InstanceType<typeof Team>;
export type TeamMember = InstanceType<typeof TeamMember>;
export type Template = InstanceType<typeof Template>;
export type TemplateAccess = InstanceType<typeof TemplateAccess>;
export type FaxLine = InstanceType<typeof FaxLine>;
export type FaxLineUser = InstanceType<typeof FaxLineUser>;
