/**
 * diff(): a resource declares, per input property, whether a change replaces the object or
 * updates it in place and how values compare; this turns that table into a DiffResult.
 * No API call is made: preview of an unchanged stack costs nothing.
 */
import type * as pulumi from "@pulumi/pulumi";
import { deepEqual, reportedOrDeclared } from "./compare";
import { containsUnknown } from "./unknowns";

export interface PropertyRule {
  /** replace: the object is recreated; update: changed in place; ignore: no effect after create. */
  change: "replace" | "update" | "ignore";
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each rule compares its own property's type (a table of many)
  equal?: (oldValue: any, newValue: any) => boolean;
  /**
   * The service may leave this value (or a part of it) out of its answers or send it as null
   * (real-service-evidence.md §9 finding 5): the declared value stands where it says nothing
   * (keepUnreported, D129).
   */
  mayBeUnreported?: true;
}

export type DiffRules = Record<string, PropertyRule>;

/** A resource's inputs or state, read by key. */
type Properties = { readonly [key: string]: unknown };

export function diffByRules(rules: DiffRules, olds: Properties, news: Properties, deleteBeforeReplace = false): pulumi.dynamic.DiffResult {
  const changed: string[] = [];
  const replaces: string[] = [];
  for (const [key, rule] of Object.entries(rules)) {
    if (rule.change === "ignore") continue;
    const newValue = news[key];
    const same = !containsUnknown(newValue) && (rule.equal ?? deepEqual)(olds[key], newValue);
    if (same) continue;
    changed.push(key);
    if (rule.change === "replace") replaces.push(key);
  }
  return {
    changes: changed.length > 0,
    replaces,
    stables: Object.keys(rules).filter((k) => !changed.includes(k)),
    deleteBeforeReplace: replaces.length > 0 && deleteBeforeReplace,
  };
}

/**
 * The outputs with every value the service did not report (left out, or null: a rule's
 * `mayBeUnreported`) kept as `declared` has it: the program's inputs after a create or update,
 * the state before a read. Every host's create, read and update goes through this
 * (operations/index.ts), so the diff, the preview and the drift report never see silence as a
 * change (D129).
 */
export function keepUnreported<T extends Properties>(rules: DiffRules, outs: T, declared: Properties): T {
  const kept: Record<string, unknown> = { ...outs };
  for (const [key, rule] of Object.entries(rules)) {
    if (rule.mayBeUnreported && declared[key] !== undefined) kept[key] = reportedOrDeclared(outs[key], declared[key]);
  }
  return kept as T; // the same keys as `outs`, each its own value or the declared one of that key
}

/** The input keys that a resource echoes from its outputs (for read's `inputs`). */
export function pickInputs(rules: DiffRules, props: Properties, extra: string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of [...Object.keys(rules), ...extra]) if (props[key] !== undefined) out[key] = props[key];
  return out;
}
