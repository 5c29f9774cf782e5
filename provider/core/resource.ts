/**
 * The shape every resource implementation has, and the generic parts of its lifecycle:
 * rule-based diff, read returning `inputs`, idempotent delete (a 404 envelope means done).
 */
import type * as pulumi from "@pulumi/pulumi";
import type { ZodType } from "zod";
import { isGone } from "../client/errors";
import type { ProviderContext } from "../deployment/context";
import type { DiffRun } from "../deployment/hand-over";
import { DiffRules, diffByRules, pickInputs } from "./diff";

/** Properties as the hosts pass them, before check: untyped JSON. */
export type Props = Record<string, unknown>;

/** Inputs as the program gave them, before any schema held them: `I`'s keys, any JSON. */
export type Given<I> = { readonly [P in keyof I]?: unknown };

/**
 * A resource's implementation over its typed inputs `I` and state `S` (resources/define.ts
 * derives both from the definition's zod schemas); the operations get what check passed on.
 */
export interface ResourceImpl<I extends object = Props, S extends object = Props> {
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
  objectKeys?(id: string, props: S): string[];
  /**
   * What identifies the object beyond doubt apart from its logical name (an API app's name,
   * unique on the service; a fax line's number): `ofNew` for inputs a create is given
   * (undefined when they name nothing certain), `ofHeld` for an object in state. A create whose
   * identity the stack's state holds under another logical name is a key renamed without
   * aliases (`previousKeys`), refused at check before any change (deployment/renamed.ts, D125).
   */
  readonly identity?: {
    /** The input that names the object, the identifying value, and the object in words (`API app "Portal"`). */
    ofNew(inputs: Props): { property: string; value: string; what: string } | undefined;
    ofHeld(state: Props): string | undefined;
  };
  /**
   * The request a create sends, held to the contract at check (core/check.ts checkInputs): its
   * schema, and the wire body from the inputs as the program gave them (any JSON: it runs before
   * and besides the inputs schema, so its rule, the service's, is the one a failure names), or
   * undefined when no request is checked (an object adopted rather than made).
   */
  readonly request?: { readonly schema: ZodType; body(given: Given<I>): unknown };
  /**
   * The resource's own rules beyond the request's (local files, what needs what, an adopted
   * object's content): `news` passed the definition's inputs schema (each key optional: presence
   * is the request's rule or check's; values unknown at preview aside), without any property
   * the schema refused; `olds`, the inputs of the last deployment. Reads nothing: `plan` does.
   */
  check?(olds: Props, news: Partial<I>): pulumi.dynamic.CheckResult<Partial<I>>;
  /**
   * Check's reads of the service, after check found no failure: what an authoritative list will
   * remove, computed where the preview shows it (resources/shared/exclusive.ts, D100).
   */
  plan?(ctx: ProviderContext, olds: Props, inputs: I): Promise<pulumi.dynamic.CheckResult<I>>;
  /** Optional override; by default the rules decide. `run`: the deployment whose diff this is (none for the drift report). */
  diff?(id: string, olds: S, news: I, run?: DiffRun): pulumi.dynamic.DiffResult;
  create(ctx: ProviderContext, inputs: I): Promise<{ id: string; outs: S }>;
  /**
   * A kind whose new object the service may not show at once (the read-after-create lag,
   * core/read-lag.ts, D120): waits until the object `id`, made at `madeAtMs`, is readable
   * (and ready) and answers its outputs. Its create finishes with it; the update the engine
   * asks for after an unfinished create (nothing changed, D121) runs it instead of writing; a
   * refresh of the kind within the lag bound of its create takes a 404 for the lag.
   */
  settle?(ctx: ProviderContext, id: string, inputs: I, madeAtMs: number): Promise<S>;
  /** The current outputs, or undefined when the object is gone. */
  read(ctx: ProviderContext, id: string, props: S): Promise<S | undefined>;
  update(ctx: ProviderContext, id: string, olds: S, news: I): Promise<S>;
  delete(ctx: ProviderContext, id: string, props: S): Promise<void>;
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
