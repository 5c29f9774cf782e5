/**
 * `pulumi import`, the `import` option and `Type.get(name, id)` call read with only the id:
 * these are the properties each resource's read needs, taken from its id (the format its
 * create gives; each definition's `propsFromId`). Resources whose id alone is enough need none.
 */
import type { Props } from "../core/resource";
import type { AnyDefinition } from "../resources/define";
import { definitions, type Kind } from "../resources/definitions";

/** The properties read needs for an object known only by its id. */
export function propsFromId(kind: string, id: string): Props {
  const definition: AnyDefinition | undefined = definitions[kind as Kind];
  return definition?.propsFromId?.(id) ?? {};
}
