/**
 * The drift of a stack: what differs between the program (git) and the service, one entry per
 * property, from a refresh preview that runs the program. The refresh reads every object from the service into the
 * preview's old state; the preview's steps then say what the next `up` would do. Which
 * properties differ is decided by each resource's own diff rules (the same table the
 * provider's diff uses), so the report never disagrees with `pulumi preview`.
 */
import type { EngineEvent, OpType, Stack, StepEventMetadata } from "@pulumi/pulumi/automation";
import { registry } from "../resources/registry";
import { deepEqual } from "../core/compare";
import { defaultDiff } from "../core/resource";
import { parseExport } from "../pulumi-state/export";
import { esignKind, urnName } from "../pulumi-state/type-token";
import { containsUnknown } from "../core/unknowns";
import { displayValue } from "./drift-values";
import { isSetType, removalScope, type Removals, type StateResource } from "./drift-unmanaged";

/** What the next `up` does about a difference. */
export type DriftAction = "update" | "replace" | "recreate" | "create" | "delete";

export interface DriftEntry {
  /** Logical name, as in the program. */
  resource: string;
  /** The resource's type, e.g. esign:Team (the engine's token for other types). */
  type: string;
  /** The property that differs; "(resource)" when the whole object is missing on one side. */
  property: string;
  /** Display values: JSON, "[secret]" for secrets, "(absent)" when missing. */
  git: string;
  service: string;
  action: DriftAction;
}

export const WHOLE_RESOURCE = "(resource)";
const ABSENT = "(absent)";
const PRESENT = "(present)";

const actionOf: Partial<Record<OpType, DriftAction>> = {
  update: "update",
  replace: "replace",
  "create-replacement": "replace",
  create: "create",
  delete: "delete",
};

const typeName = (type: string) => {
  const kind = esignKind(type);
  return kind ? `esign:${kind}` : type;
};

/**
 * Which properties differ and what each change does, by the resource's own diff (its rules, and
 * for Template the rule that undeclared content is not compared): a changed property is a rules
 * key the diff did not call stable; it replaces when the diff says so, else it updates (a title
 * edit is an update even when a file change replaces the template). Undefined for other types,
 * or when the diff refuses (an adopted template's web-UI content change: the preview fails too).
 */
function ownDiff(kind: string | undefined, id: string, olds: Record<string, unknown>, news: Record<string, unknown>): Map<string, DriftAction> | undefined {
  const impl = kind ? registry[kind] : undefined;
  if (!impl) return undefined;
  try {
    const result = impl.diff ? impl.diff(id, olds, news) : defaultDiff(impl, olds, news);
    const stable = new Set(result.stables ?? []);
    const replaces = new Set(result.replaces ?? []);
    const changed = Object.entries(impl.rules)
      .filter(([k, r]) => r.change !== "ignore" && !stable.has(k))
      .map(([k]) => k);
    return new Map(changed.map((k) => [k, replaces.has(k) ? "replace" : "update"] as const));
  } catch {
    return undefined;
  }
}

/** The differing properties of one resource the next `up` would update or replace. */
function propertyEntries(step: StepEventMetadata, action: DriftAction): DriftEntry[] {
  const base = { resource: urnName(step.urn), type: typeName(step.type), action };
  const olds = step.old?.outputs ?? {};
  const news = step.new?.inputs ?? {};
  const kind = esignKind(step.type);
  const own = ownDiff(kind, step.old?.id ?? "", olds, news);
  const entries: DriftEntry[] = [];
  if (own) {
    for (const [key, keyAction] of own) {
      entries.push({ ...base, action: keyAction, property: key, git: displayValue(key, news[key]), service: displayValue(key, olds[key]) });
    }
  } else {
    // Not one of ours: every property that differs, with the step's own op.
    const keys = [...new Set([...Object.keys(olds), ...Object.keys(news)])].filter((k) => !k.startsWith("__"));
    for (const key of keys) {
      if (!containsUnknown(news[key]) && deepEqual(olds[key], news[key])) continue;
      entries.push({ ...base, property: key, git: displayValue(key, news[key]), service: displayValue(key, olds[key]) });
    }
  }
  // An authoritative set's removals are the unmanaged section's rows ("removes it"), not a property.
  if (isSetType(step.type)) return entries.filter((e) => e.property !== "removals");
  // The engine knows of a change our rules cannot place (e.g. a custom diff): still report it.
  if (entries.length === 0) entries.push({ ...base, property: WHOLE_RESOURCE, git: PRESENT, service: PRESENT });
  return entries;
}

/** Whom the authoritative sets of the preview remove (their checked `removals`), by scope. */
export function removalsFromEvents(events: EngineEvent[]): Removals {
  const removals: Removals = new Map();
  for (const event of events) {
    const step = event.resourcePreEvent?.metadata;
    const news = step?.new?.inputs ?? {};
    const scope = step && step.op !== "delete" ? removalScope(step.type, news) : undefined;
    if (!scope || !Array.isArray(news.removals)) continue;
    const set = removals.get(scope) ?? new Set<string>();
    for (const name of news.removals) if (typeof name === "string") set.add(name.toLowerCase());
    removals.set(scope, set);
  }
  return removals;
}

/** Turns the preview's step events into drift entries; `inState` holds the URNs before the refresh. */
export function driftFromEvents(events: EngineEvent[], inState: Set<string>): DriftEntry[] {
  const entries: DriftEntry[] = [];
  for (const event of events) {
    const step = event.resourcePreEvent?.metadata;
    if (!step || step.type === "pulumi:pulumi:Stack" || step.type.startsWith("pulumi:providers:")) continue;
    let action = actionOf[step.op];
    if (!action) continue;
    const base = { resource: urnName(step.urn), type: typeName(step.type) };
    if (action === "create") {
      // Gone from the service (the refresh dropped it) versus new in git and never deployed.
      if (inState.has(step.urn)) action = "recreate";
      entries.push({ ...base, property: WHOLE_RESOURCE, git: PRESENT, service: ABSENT, action });
    } else if (action === "delete") {
      entries.push({ ...base, property: WHOLE_RESOURCE, git: ABSENT, service: PRESENT, action });
    } else {
      entries.push(...propertyEntries(step, action));
    }
  }
  return entries.sort((a, b) => a.resource.localeCompare(b.resource) || a.property.localeCompare(b.property));
}

/**
 * Runs a refresh preview of `stack` (nothing is written) and returns its drift. The refresh runs
 * the program (--run-program), so it reads with the current config (a rotated key, a moved
 * base URL), not the config recorded at the last `up`.
 */
export async function driftOf(stack: Stack, onEvent?: (e: EngineEvent) => void): Promise<DriftEntry[]> {
  return (await previewDrift(stack, onEvent)).entries;
}

/** What one refresh preview shows: the differences, the sets' removals, and the stack's resources (before the refresh). */
export interface PreviewedDrift {
  entries: DriftEntry[];
  removals: Removals;
  resources: StateResource[];
}

export async function previewDrift(stack: Stack, onEvent?: (e: EngineEvent) => void): Promise<PreviewedDrift> {
  const state = await stack.exportStack();
  const resources = parseExport(state).deployment.resources ?? [];
  const inState = new Set<string>(resources.map((r) => r.urn));
  const events: EngineEvent[] = [];
  await stack.preview({
    refresh: true,
    runProgram: true,
    onEvent: (e) => {
      events.push(e);
      onEvent?.(e);
    },
  });
  // What the program declares now counts as managed too (a set or grant new in git is not "unmanaged").
  const declared = events.flatMap((e) => {
    const step = e.resourcePreEvent?.metadata;
    return step && step.op !== "delete" && step.new ? [{ type: step.type, inputs: step.new.inputs, outputs: step.new.outputs }] : [];
  });
  return { entries: driftFromEvents(events, inState), removals: removalsFromEvents(events), resources: [...resources, ...declared] };
}
