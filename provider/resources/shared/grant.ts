/**
 * A grant: one person's use of a parent object (a template, a fax line). TemplateAccess and
 * FaxLineUser are this one implementation, each parameterised by its parent: how to list the
 * parent's holders, how to add and remove one, and how messages name it.
 *
 * Replaces: the parent or the person (delete-before-replace: the same person may be on both
 * sides). Updates in place: nothing.
 * Calls: create, the parent's add call (after one read of its holders, shared by the run);
 * read, the parent's holder list, read ONCE per parent and shared by all its grants' refresh;
 * delete, the parent's remove call (404 = already gone). A grant found in place is taken over,
 * with a warning naming it (resources/shared/adoption.ts).
 * Pending: for a person whose team invitation is still open the service refuses the grant; it
 * is then recorded with `status: "pending"` and a warning, and `pulumi up --refresh` grants it
 * once they accept (resources/shared/invited.ts). `status` is `granted` otherwise.
 */
import type { z } from "zod";
import { announceAdoption } from "./adoption";
import { type CacheKey } from "../../deployment/cache";
import { normalizeEmail } from "../../core/compare";
import type { ProviderContext } from "../../deployment/context";
import type { DiffRules } from "../../core/diff";
import { findPerson, personKeys, personRequired, personRules, type PersonInput } from "./membership";
import type { Person } from "./people";
import { toWire } from "../../core/naming";
import { grantUnlessInvited, openInvitation, type GrantStatus } from "./invited";
import type { Given, ResourceImpl } from "../../core/resource";
import type { CommonState } from "../define";

export type Holder = Required<Person>;

/** An account list as the service answers it (`accounts[]` of a template or a fax line). */
export interface HolderList {
  accounts?: { account_id?: string | null; email_address?: string | null }[] | null;
}

/** A grant's inputs: the parent (under its key: `templateId`, `number`) and the person. */
export type GrantInputs<K extends string> = PersonInput & { [P in K]: string };

/** A grant's state: its inputs, whether it is granted yet, the person as the service names them. */
export type GrantState<I> = I & { status: GrantStatus } & CommonState;

/** The parent's kind: key `K`, inputs `I`, and `W` the wire body of its add call (the contract's `schema`). */
export interface GrantParent<K extends string, I extends GrantInputs<K>, W> {
  /** The input naming the parent (`templateId`, `number`); a change replaces the grant. */
  readonly key: K;
  /** The resource type, as warnings name it. */
  readonly type: string;
  /** The cache entry of the parent's holder list (deployment/cache.ts `cacheKeys`). */
  cacheKey(parent: string): CacheKey<Holder[]>;
  /** The parent as an error names it: `template <id>`. */
  label(parent: string): string;
  /** What the grant gives, as the pending warning names it: `access to template <id>`. */
  what(parent: string): string;
  /** The add request's body (camelCase; toWire makes it the wire's), validated by `schema` at check on the inputs as given. */
  body(inputs: Given<I>): Record<string, unknown>;
  readonly schema: z.ZodType<W>;
  /** Further inputs' rules (e.g. options that only matter when the grant is first made). */
  readonly extraRules?: DiffRules;
  /** One read of the parent: its holders. */
  read(ctx: ProviderContext, parent: string): Promise<HolderList>;
  /** The add call; answers the parent with its holders afterwards. */
  add(ctx: ProviderContext, parent: string, wireBody: W): Promise<HolderList>;
  remove(ctx: ProviderContext, parent: string, accountId: string): Promise<void>;
}

// A listed account has both (the service's schema leaves them nullable): kept as given (casts).
export const holdersOf = (parent: HolderList): Holder[] => (parent.accounts ?? []).map((a) => ({ accountId: a.account_id as string, emailAddress: a.email_address as string }));

/** The parent's holders: one read per parent per run, shared by every grant of it. */
export function parentHolders<K extends string, I extends GrantInputs<K>, W>(ctx: ProviderContext, p: GrantParent<K, I, W>, parent: string): Promise<Holder[]> {
  return ctx.cache.get(p.cacheKey(parent), async () => holdersOf(await p.read(ctx, parent)));
}

function outputsOf<I>(inputs: I, holder: Person, status: GrantStatus = "granted"): GrantState<I> {
  return { ...inputs, accountId: holder.accountId, emailAddress: normalizeEmail(holder.emailAddress), status };
}

/** The resource implementation of grants on `p`'s kind of parent. */
export function grantImpl<K extends string, I extends GrantInputs<K>, W>(p: GrantParent<K, I, W>): ResourceImpl<I, GrantState<I>> {
  return {
    rules: { [p.key]: { change: "replace" }, ...personRules, ...p.extraRules },
    deleteBeforeReplace: true,

    request: { schema: p.schema, body: (given) => toWire(p.body(given)) },
    // Where the request carries the parent (a fax line's number), its rule names a missing one first.
    check: (_olds, inputs) => ({ failures: [...(inputs[p.key] ? [] : [{ property: p.key, reason: `${p.key} is required` }]), ...personRequired(inputs)] }),

    async create(ctx, inputs) {
      const parent = inputs[p.key];
      let holder = findPerson(await parentHolders(ctx, p, parent), inputs);
      if (holder) {
        const who = normalizeEmail(holder.emailAddress) || holder.accountId;
        await announceAdoption(ctx, { type: p.type, object: `${p.what(parent)} for ${who}`, how: "already granted" });
      } else {
        const result = await grantUnlessInvited(ctx, inputs, p.what(parent), () => p.add(ctx, parent, toWire<W>(p.body(inputs))));
        if ("invited" in result) {
          const who = result.invited.accountId ?? normalizeEmail(result.invited.emailAddress);
          return { id: `${parent}/${who}`, outs: outputsOf(inputs, result.invited, "pending") };
        }
        const added = findPerson(holdersOf(result.granted), inputs);
        if (!added) throw new Error(`${p.label(parent)}: ${inputs.emailAddress ?? inputs.accountId} has no access after add_user`);
        // Patched, not dropped: 300 creates read the parent once, not 300 times.
        ctx.cache.patch(p.cacheKey(parent), (list) => [...list.filter((h) => h.accountId !== added.accountId), added]);
        holder = added;
      }
      return { id: `${parent}/${holder.accountId}`, outs: outputsOf(inputs, holder) };
    },

    async read(ctx, _id, props) {
      const who = props.accountId ? { accountId: props.accountId } : { emailAddress: props.emailAddress };
      const holder = findPerson(await parentHolders(ctx, p, props[p.key]), who);
      if (holder) return outputsOf(props, holder);
      // Still waiting for the person: unchanged. Joined (or gone): absent, so `up --refresh` grants.
      if (props.status === "pending" && (await openInvitation(ctx, props))) return props;
      return undefined;
    },

    async update(_ctx, _id, olds, news) {
      return { ...news, accountId: olds.accountId, emailAddress: olds.emailAddress, status: olds.status };
    },

    objectKeys: (_id, props) => personKeys(props[p.key], props),

    async delete(ctx, _id, props) {
      if (props.status === "pending") return; // nothing was granted
      const parent = props[p.key];
      const accountId = props.accountId ?? "";
      await p.remove(ctx, parent, accountId);
      ctx.cache.patch(p.cacheKey(parent), (list) => list.filter((h) => h.accountId !== accountId));
    },
  };
}

export type { GrantStatus };
