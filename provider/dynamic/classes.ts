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
      if (idOutput) Reflect.set(this, idOutput, this.id);
    }
  };
  Object.defineProperty(Class, "name", { value: d.kind });
  // The class is built from data, so its type is the definition's, stated once here (one cast).
  return Class as ResourceClass<D>;
}

/** The classes, by kind: what the account file builds by default. */
export const dynamicClasses = classesOf(dynamicClass);

/** The class of a kind, as its definition types it (named.ts exports one per kind). */
export type ClassOf<K extends Kind> = ResourceClass<(typeof definitions)[K]>;
