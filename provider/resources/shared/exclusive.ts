/**
 * An authoritative list (D100): TeamMemberSet, TemplateAccessSet and FaxLineUserSet are this one
 * implementation, each parameterised by its parent (a team, a template, a fax line). The set
 * declares the whole list of people of its parent; whoever else the service lists is removed by
 * the next `up`. It adds nobody: TeamMember, TemplateAccess and FaxLineUser add (the pattern of
 * AWS's `_exclusive` resources), so each person's role or grant keeps one owner.
 *
 * Preview shows every removal by name without a refresh: check reads the parent's list once
 * (the shared, once-per-run read the grants and members use) and records the names it will
 * remove in the computed input `removals`; the diff is a change whenever `removals` is not empty,
 * and update removes exactly those names, never anyone the preview did not list.
 *
 * Never removed: the account that holds the key, anyone matching `keep`, and what the parent
 * guards (the team's last Admins, a template's owner). More than `maxRemovals` (default 5)
 * removals in one run, counted over all the run's sets (deployment/removal-budget.ts), fail the
 * check: the program must raise the limit to allow them.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { CheckFailure } from "../../core/check";
import { givenEquals, normalizeEmail, sameEmail, sameSet } from "../../core/compare";
import { diffByRules, type DiffRules } from "../../core/diff";
import { closest } from "../../core/suggest";
import { firstMatch } from "../../core/patterns";
import { isNotFound, type ResourceImpl } from "../../core/resource";
import { containsUnknown } from "../../core/unknowns";
import type { ProviderContext } from "../../deployment/context";
import { isKeyHolder, KEY_HOLDER } from "./team-guard";

/** Someone the parent lists. */
export interface SetHolder {
  accountId?: string;
  emailAddress?: string;
  /** Team members: their role (the last Admins are kept). */
  role?: string;
  /** Team members: `invited` while the invitation is open. */
  status?: string;
}

export const DEFAULT_MAX_REMOVALS = 5;

/** The inputs every set has besides its parent and its list (a type, not an interface: it reads as a record of its properties). */
export type SetCommonInputs = {
  keep?: string[];
  maxRemovals?: number;
  /** Computed at check: who the next `up` removes. */
  removals?: string[];
};

/** The state every set has besides its inputs. */
export type SetCommonState = {
  /** Whom the last `up` removed. */
  removed?: string[];
};

/** The parent's kind: where the list and the parent are in the inputs, how to read and remove. */
export interface SetParent<I = Record<string, unknown>> {
  /** The resource type, as messages name it. */
  readonly type: string;
  /** The input naming the parent (`teamId`, `templateId`, `number`); a change replaces the set. */
  readonly parentKey: string;
  /** The input holding the declared list (`members`, `users`). */
  readonly listKey: string;
  /** The parent's id from the inputs (the caller's team when `teamId` is not given). */
  parent(ctx: ProviderContext, inputs: I): Promise<string>;
  /** The parent as a message names it: `template <id>`. */
  label(parent: string): string;
  /** Everyone the parent lists: one read per parent per run, shared with the grants and members. */
  holders(ctx: ProviderContext, parent: string): Promise<SetHolder[]>;
  /** Holders the parent itself never lets go of, with why (the last Admins, the owner). */
  guard?(ctx: ProviderContext, parent: string, holders: SetHolder[], candidates: SetHolder[]): Promise<Map<SetHolder, string>>;
  remove(ctx: ProviderContext, parent: string, holder: SetHolder): Promise<void>;
}

/** How a holder is named in `removals`, in messages and in the drift report: the e-mail, else the id. */
export const holderName = (h: SetHolder): string => normalizeEmail(h.emailAddress) || h.accountId || "";

/** Whether `name` (an e-mail or an account id, as a list gives it) names `h`. */
export const names = (name: string, h: SetHolder): boolean => (!!h.accountId && name === h.accountId) || sameEmail(name, h.emailAddress);

export interface RemovalPlan {
  /** Whom the next `up` removes. */
  removals: SetHolder[];
  /** Holders the list leaves out that stay, with why. */
  kept: { holder: SetHolder; why: string }[];
  /** Names of the list nobody on the parent answers to (a typo, or someone not added yet). */
  missing: string[];
}

/** Who the declared list leaves out, and of those whom the next `up` removes. Pure: the tests' table. */
export function planRemovals(holders: SetHolder[], declared: string[], keep: string[] | undefined, keyHolder: { accountId?: string; email?: string }): RemovalPlan {
  const plan: RemovalPlan = { removals: [], kept: [], missing: declared.filter((d) => !holders.some((h) => names(d, h))) };
  for (const h of holders) {
    if (declared.some((d) => names(d, h))) continue;
    const pattern = firstMatch(keep, [h.emailAddress, h.accountId]);
    if (pattern) plan.kept.push({ holder: h, why: `matches keep pattern ${pattern}` });
    else if (isKeyHolder(h, keyHolder)) plan.kept.push({ holder: h, why: KEY_HOLDER });
    else plan.removals.push(h);
  }
  return plan;
}

/** The plan for one parent, with its guard applied. */
async function planFor<I>(ctx: ProviderContext, p: SetParent<I>, parent: string, inputs: Record<string, unknown> & SetCommonInputs): Promise<RemovalPlan> {
  const holders = await p.holders(ctx, parent);
  const me = await ctx.account();
  const plan = planRemovals(holders, listOf(inputs, p.listKey), inputs.keep, { accountId: me.accountId, email: me.email });
  const guarded = p.guard ? await p.guard(ctx, parent, holders, plan.removals) : new Map<SetHolder, string>();
  for (const [holder, why] of guarded) plan.kept.push({ holder, why });
  plan.removals = plan.removals.filter((h) => !guarded.has(h));
  return plan;
}

const sortedNames = (list: SetHolder[]) => list.map(holderName).sort();

/** Two lists (absent: empty) with the same names, in any order. */
const sameList = (a: readonly unknown[] | undefined, b: readonly unknown[] | undefined) => sameSet(a, b);

/** The declared list of a set's inputs (check has typed it as a list of names). */
const listOf = (inputs: Record<string, unknown>, key: string): string[] => {
  const list = inputs[key];
  return Array.isArray(list) ? list.filter((n): n is string => typeof n === "string") : [];
};

function listFailures<I>(p: SetParent<I>, inputs: Record<string, unknown> & SetCommonInputs): CheckFailure[] {
  const failures: CheckFailure[] = [];
  if (inputs[p.listKey] === undefined) failures.push({ property: p.listKey, reason: `${p.listKey} is required: the whole list (an empty list removes everyone but the key holder)` });
  listOf(inputs, p.listKey).forEach((who, i) => {
    if (!who.trim()) failures.push({ property: `${p.listKey}[${i}]`, reason: "must be an e-mail address or an account id" });
  });
  inputs.keep?.forEach((pattern, i) => {
    if (!pattern.trim()) failures.push({ property: `keep[${i}]`, reason: "must be a pattern (e-mail addresses or account ids, * for any characters)" });
  });
  const max = inputs.maxRemovals;
  if (max !== undefined && max < 0) failures.push({ property: "maxRemovals", reason: "must be a whole number, 0 or more" });
  return failures;
}

/** The resource implementation of an authoritative list of `p`'s kind of parent. */
export function exclusiveImpl<I extends SetCommonInputs, S extends I & SetCommonState>(p: SetParent<I>): ResourceImpl<I, S> {
  const rules: DiffRules = {
    [p.parentKey]: { change: "replace", equal: givenEquals() },
    [p.listKey]: { change: "update", equal: sameList },
    keep: { change: "update", equal: sameList },
    maxRemovals: { change: "update" },
    removals: { change: "update", equal: sameList },
  };
  const withoutRemovals = Object.fromEntries(Object.entries(rules).filter(([k]) => k !== "removals"));
  const record = (inputs: Partial<I>): Record<string, unknown> & SetCommonInputs => inputs;

  /** Removes exactly the names check recorded (whoever is still there), and returns the state. */
  async function apply(ctx: ProviderContext, inputs: I): Promise<{ id: string; outs: S }> {
    const given = record(inputs);
    const parent = await p.parent(ctx, inputs);
    const planned = given.removals ?? [];
    const removed: string[] = [];
    if (planned.length) {
      // A fresh plan guards again (the key holder, the last Admins, the owner): a name the preview
      // showed is removed only if it is still one the list leaves out.
      const plan = await planFor(ctx, p, parent, given);
      for (const name of planned) {
        const holder = plan.removals.find((h) => holderName(h) === name || names(name, h));
        if (!holder) continue; // gone already (a retry), or now kept: nothing to do
        try {
          await p.remove(ctx, parent, holder);
        } catch (e) {
          if (!isNotFound(e)) throw e;
        }
        removed.push(name);
      }
    }
    // The state is the inputs with the parent's id and the removals done: S by construction, which
    // the compiler cannot follow through the computed parent key (one cast).
    const outs: S = Object.assign({} as S, inputs, { [p.parentKey]: parent, removals: [], removed });
    return { id: parent, outs };
  }

  return {
    rules,

    check(_olds, inputs) {
      return { inputs, failures: listFailures(p, record(inputs)) };
    },

    async plan(ctx, olds, inputs) {
      let given: I = inputs;
      const parentGiven = record(given)[p.parentKey];
      if (parentGiven !== undefined && containsUnknown(parentGiven)) {
        // Not known at preview: a parent being made (nobody to remove), or one being updated,
        // whose id does not change: planned against the id this set had, so the names still show.
        const old = olds[p.parentKey];
        if (typeof old !== "string" || containsUnknown(old)) return { inputs: { ...inputs, removals: [] } };
        given = { ...given, [p.parentKey]: old };
      }
      if (containsUnknown(record(given)[p.listKey]) || containsUnknown(given.keep)) {
        return {
          inputs,
          failures: [{ property: p.listKey, reason: `${p.listKey} must be known at preview (plain names, not outputs of resources still to be made), so that the preview shows every removal` }],
        };
      }
      const parent = await p.parent(ctx, given);
      const plan = await planFor(ctx, p, parent, record(given));
      for (const { holder, why } of plan.kept) {
        // Said only where the list meets a guard (the last Admins, the owner): the key holder and `keep` always stay.
        if (why.startsWith("matches keep") || why === KEY_HOLDER) continue;
        await ctx.warn(`${p.type} of ${p.label(parent)}: ${holderName(holder)} is not in ${p.listKey} but stays (${why})`);
      }
      const removalNames = sortedNames(plan.removals);
      for (const name of plan.missing) {
        const near = removalNames.find((r) => r.toLowerCase() === name.toLowerCase()) ?? closest(name, removalNames, 6);
        const hint = near ? `; did you mean ${near}, whom this removes?` : " (nothing adds them: declare them with their own resource)";
        await ctx.warn(`${p.type} of ${p.label(parent)}: ${name} in ${p.listKey} is not there${hint}`);
      }
      // One limit for the run, over every set of it (D139): the smallest maxRemovals of the sets that remove.
      const max = given.maxRemovals ?? DEFAULT_MAX_REMOVALS;
      const run = ctx.removals.plan(`${p.type}:${parent}`, removalNames.length, max);
      if (removalNames.length > 0 && run.total > run.limit) {
        const others = run.sets > 1 ? `; the run's sets remove ${run.total} in all` : "";
        return {
          inputs: { ...inputs, removals: removalNames },
          failures: [
            {
              property: p.listKey,
              reason: `would remove ${removalNames.length} from ${p.label(parent)} (${removalNames.join(", ")})${others}, more than maxRemovals (${run.limit}) for one run; list them, or raise maxRemovals to allow it`,
            },
          ],
        };
      }
      return { inputs: { ...inputs, removals: removalNames } };
    },

    diff(_id, olds, news) {
      const base = diffByRules(withoutRemovals, olds, news);
      const removing = (record(news).removals ?? []).length > 0;
      const stables = removing ? base.stables : [...(base.stables ?? []), "removals"];
      return { ...base, changes: base.changes || removing, stables } satisfies pulumi.dynamic.DiffResult;
    },

    create: (ctx, inputs) => apply(ctx, inputs),

    async read(ctx, id, props) {
      // An import gives the id alone: it is the parent's.
      const held: Record<string, unknown> & SetCommonInputs = props;
      const given = { ...held, [p.parentKey]: held[p.parentKey] ?? id };
      const parent = typeof given[p.parentKey] === "string" ? String(given[p.parentKey]) : id;
      // What the next `up` would remove now: the drift report lists them (provider/cli/drift-unmanaged.ts).
      const plan = await planFor(ctx, p, parent, given);
      // The state read with the parent's id and the removals now due: S (the computed key hides it: one cast).
      return { ...props, [p.parentKey]: parent, removals: sortedNames(plan.removals) } as S;
    },

    async update(ctx, _id, _olds, news) {
      return (await apply(ctx, news)).outs;
    },

    // Deleting the set removes nobody: the list stops being authoritative.
    async delete() {},
  };
}
