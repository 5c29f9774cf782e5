/**
 * Resource options of one account-file resource: the caller's options of deployAccount()
 * first, then what the entry says. dependsOn and aliases add up; protect and retainOnDelete
 * come from the entry when it gives them, else from the caller, else from the section's
 * default (fax lines are protected).
 */
import * as pulumi from "@pulumi/pulumi";

export interface EntryIntent {
  protect?: boolean;
  retainOnDelete?: boolean;
}

export interface EntryOptions {
  intent?: EntryIntent;
  /** The section's default when neither the entry nor the caller decides. */
  defaultProtect?: boolean;
  /** Earlier logical names of this resource (from `previousKeys`). */
  previousNames?: string[];
  dependsOn?: pulumi.Resource[];
}

type DependsOn = pulumi.CustomResourceOptions["dependsOn"];

function mergeDependsOn(caller: DependsOn, ours: pulumi.Resource[]): DependsOn {
  if (caller === undefined) return ours;
  if (Array.isArray(caller)) return [...caller, ...ours];
  if (pulumi.Resource.isInstance(caller)) return [caller, ...ours];
  // An Input of a resource or of a list: combine once it is known (the union's Input narrowed for output(): cast).
  return pulumi.output(caller as pulumi.Input<pulumi.Resource | pulumi.Input<pulumi.Resource>[]>).apply((d) => [...(Array.isArray(d) ? d : [d]), ...ours]);
}

export function entryOptions(caller: pulumi.CustomResourceOptions, entry: EntryOptions = {}): pulumi.CustomResourceOptions {
  const out: pulumi.CustomResourceOptions = { ...caller };
  const protect = entry.intent?.protect ?? caller.protect ?? entry.defaultProtect;
  const retainOnDelete = entry.intent?.retainOnDelete ?? caller.retainOnDelete;
  if (protect !== undefined) out.protect = protect;
  if (retainOnDelete !== undefined) out.retainOnDelete = retainOnDelete;
  if (entry.dependsOn?.length) out.dependsOn = mergeDependsOn(caller.dependsOn, entry.dependsOn);
  if (entry.previousNames?.length) out.aliases = [...(caller.aliases ?? []), ...entry.previousNames.map((name) => ({ name }))];
  return out;
}
