/**
 * The shape every resource implementation has, and the generic parts of its lifecycle:
 * rule-based diff, read returning `inputs`, idempotent delete (a 404 envelope means done).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- properties at the resource boundary are untyped JSON until each definition carries its typed inputs */
import type * as pulumi from "@pulumi/pulumi";
import { isGone } from "../client/errors";
import type { ProviderContext } from "../deployment/context";
import { DiffRules, diffByRules, pickInputs } from "./diff";

export type Props = Record<string, any>;

export interface ResourceImpl {
  /** Which input properties replace, update or are ignored, and how they compare. */
  readonly rules: DiffRules;
  /** Membership-like resources whose natural key may survive a replace. */
  readonly deleteBeforeReplace?: boolean;
  /** Output keys that are inputs too but not in `rules` (returned as read's `inputs`). */
  readonly extraInputs?: string[];
  /**
   * What names the object in the service, for keeping an object that a create of this
   * deployment took over (deployment/claims.ts). Default: the id.
   */
  objectKeys?(id: string, props: Props): string[];
  check(olds: Props, news: Props): pulumi.dynamic.CheckResult | Promise<pulumi.dynamic.CheckResult>;
  /** Optional override; by default the rules decide. */
  diff?(id: string, olds: Props, news: Props): pulumi.dynamic.DiffResult;
  create(ctx: ProviderContext, inputs: Props): Promise<{ id: string; outs: Props }>;
  /** The current outputs, or undefined when the object is gone. */
  read(ctx: ProviderContext, id: string, props: Props): Promise<Props | undefined>;
  update(ctx: ProviderContext, id: string, olds: Props, news: Props): Promise<Props>;
  delete(ctx: ProviderContext, id: string, props: Props): Promise<void>;
}

/** The object is gone: a 404 or 410 with the service's error envelope (client/errors.ts isGone). */
export function isNotFound(error: unknown): boolean {
  return isGone(error);
}

/** Runs `fn`; a 404 or 410 envelope (the object is already gone) yields `fallback`. */
export async function unlessGone<T>(fn: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (isNotFound(error)) return fallback;
    throw error;
  }
}

export function defaultDiff(impl: ResourceImpl, olds: Props, news: Props): pulumi.dynamic.DiffResult {
  return diffByRules(impl.rules, olds, news, impl.deleteBeforeReplace ?? false);
}

export function readInputs(impl: ResourceImpl, props: Props): Props {
  return pickInputs(impl.rules, props, impl.extraInputs);
}
