/** Outputs every resource has, set by the runtime around each resource's own operations (runtime.ts). */
import { PIN } from "../../deployment/account-pin";
import type { PropSpec, ResourceSpec } from "../spec";

export const commonOutputs: Record<string, PropSpec> = {
  [PIN]: {
    type: "string",
    description:
      "The account whose API key created or adopted the object (DECISIONS.md D31): read, update and delete under a key of another account refuse in one line, before any request that could write, and never take the object for gone. Set by the provider (one `GET /account` per provider process); never diffed, never replaces. State from before the pin is pinned at its next read or update.",
  },
};

/** Every property a resource's state holds: its inputs, what check computes, its outputs. */
export function resourceProperties(spec: ResourceSpec): Record<string, PropSpec> {
  return { ...spec.inputs, ...(spec.computed ?? {}), ...spec.outputs, ...commonOutputs };
}
