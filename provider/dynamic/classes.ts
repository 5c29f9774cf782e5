/**
 * The dynamic resource classes a program uses (`new esign.ApiApp(...)`), one per definition:
 * typed args and outputs from its zod schemas (resources/classes.ts), every state property
 * registered as an output, secret outputs kept secret, and the id output (`clientId`) taken
 * from the id, which stays known while the object is updated (other outputs are unknown during
 * preview), so dependents do not see a spurious change.
 */
import * as pulumi from "@pulumi/pulumi";
import { classesOf, registeredOutputs, type ResourceClass } from "../resources/classes";
import type { AnyDefinition } from "../resources/define";
import type { definitions, Kind } from "../resources/definitions";
import { EsignResource } from "./esign-resource";
import { providerStub } from "./stub";

export function dynamicClass<D extends AnyDefinition>(d: D): ResourceClass<D> {
  const { outputs, secrets } = registeredOutputs(d);
  const idOutput = d.idOutput;
  const stub = providerStub(d.kind); // one per class: the SDK serializes it once per program
  const Class = class extends EsignResource {
    constructor(name: string, args: pulumi.Inputs = {}, opts?: pulumi.CustomResourceOptions) {
      super(stub, d.kind, d.adoptWith, name, { ...outputs, ...args }, secrets.length ? pulumi.mergeOptions(opts, { additionalSecretOutputs: secrets }) : opts);
      if (idOutput) (this as unknown as Record<string, pulumi.Output<string>>)[idOutput] = this.id;
    }
  };
  Object.defineProperty(Class, "name", { value: d.kind });
  // The class is built from data, so its type is the definition's, stated once here.
  return Class as unknown as ResourceClass<D>;
}

/** The classes, by kind: what the account file builds by default. */
export const dynamicClasses = classesOf(dynamicClass);

// Typed by name (not destructured) so that declaration files and editors show `typeof definitions.X`.
type Of<K extends Kind> = ResourceClass<(typeof definitions)[K]>;
export const ApiApp: Of<"ApiApp"> = dynamicClasses.ApiApp;
export type ApiApp = InstanceType<typeof ApiApp>;
export const Team: Of<"Team"> = dynamicClasses.Team;
export type Team = InstanceType<typeof Team>;
export const TeamMember: Of<"TeamMember"> = dynamicClasses.TeamMember;
export type TeamMember = InstanceType<typeof TeamMember>;
export const Template: Of<"Template"> = dynamicClasses.Template;
export type Template = InstanceType<typeof Template>;
export const TemplateAccess: Of<"TemplateAccess"> = dynamicClasses.TemplateAccess;
export type TemplateAccess = InstanceType<typeof TemplateAccess>;
export const FaxLine: Of<"FaxLine"> = dynamicClasses.FaxLine;
export type FaxLine = InstanceType<typeof FaxLine>;
export const FaxLineUser: Of<"FaxLineUser"> = dynamicClasses.FaxLineUser;
export type FaxLineUser = InstanceType<typeof FaxLineUser>;
export const TeamMemberSet: Of<"TeamMemberSet"> = dynamicClasses.TeamMemberSet;
export type TeamMemberSet = InstanceType<typeof TeamMemberSet>;
export const TemplateAccessSet: Of<"TemplateAccessSet"> = dynamicClasses.TemplateAccessSet;
export type TemplateAccessSet = InstanceType<typeof TemplateAccessSet>;
export const FaxLineUserSet: Of<"FaxLineUserSet"> = dynamicClasses.FaxLineUserSet;
export type FaxLineUserSet = InstanceType<typeof FaxLineUserSet>;
