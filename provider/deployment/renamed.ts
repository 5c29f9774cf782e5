/**
 * A key renamed without aliases (D125): the program declares a new logical name whose object
 * the stack's state already holds under another name. The engine would create the new name
 * (an API app of the same name is refused by the service; a template would be made twice; a
 * fax line's old name is protected) and then delete the old one, so check stops the preview
 * first, in one line naming the way that keeps the object: `previousKeys` in the account file
 * (which become aliases), `aliases` in a program. Never `adopt`: should the old name's delete
 * run in a later deployment than the adopting create, it would remove the object the new name took.
 *
 * The state is the checkpoint the run's first check read (pulumi-state/checkpoint.ts: a
 * file backend); where it cannot be read, nothing is refused here, and the service's own
 * refusal (an app's name) says the same at create.
 */
import type { Props } from "../core/resource";
import type { ExportedDeployment, StateResource } from "../pulumi-state/export";
import { esignKind, urnName } from "../pulumi-state/type-token";

/** The account file's logical names: `<prefix>:<key>` (account-file/program.ts), e.g. `app:portal`. */
const FILE_NAME = /^(app|template|fax):([^:]+)$/;

/** The resource of `kind` in state that holds the object `identity` names, when one does. */
export function holderInState(exported: ExportedDeployment | undefined, kind: string, identity: string, ofHeld: (state: Props) => string | undefined): StateResource | undefined {
  return (exported?.deployment.resources ?? []).find((r) => esignKind(r.type) === kind && !r.delete && r.id && ofHeld(r.outputs ?? {}) === identity);
}

/** The one line for a create whose object `holder` already holds under its own name. */
export function renamedWithoutAliases(kind: string, what: string, property: string, holder: StateResource): string {
  const name = urnName(holder.urn);
  const key = FILE_NAME.exec(name)?.[2];
  const keep = key
    ? `add previousKeys: [${key}] to the account file's entry (aliases: [{ name: "${name}" }] in a program), which keeps it with no change`
    : `add aliases: [{ name: "${name}" }] to this resource, which keeps it with no change`;
  return `the stack already holds ${what} as "${name}": if this is that ${kind} under a new name, ${keep}; a second ${kind} needs another ${property}`;
}
