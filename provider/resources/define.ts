/**
 * A resource's definition: its kind and everything the registry derives from it (the runtime's
 * implementation, schema.json and so the SDKs and docs, usage examples, the import id's
 * format). resources/definitions.ts lists them; nothing else names the seven kinds.
 */
import type { Props, ResourceImpl } from "../core/resource";
import type { Example } from "../schema/examples/types";
import type { ResourceSpec } from "../schema/spec";

export interface ResourceDefinition<K extends string = string> {
  readonly kind: K;
  /** Rules, check, diff and create/read/update/delete (the operations run them: operations/). */
  readonly impl: ResourceImpl;
  /** The schema's description: inputs, outputs (descriptions, secrecy), calls table. */
  readonly spec: ResourceSpec;
  readonly examples: Example[];
  /** The properties read needs when the id is all there is (import); none when the id alone is enough. */
  readonly propsFromId?: (id: string) => Props;
}

export function defineResource<K extends string>(definition: ResourceDefinition<K>): ResourceDefinition<K> {
  return definition;
}
