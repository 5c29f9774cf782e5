/**
 * TemplateAccessSet: the whole list of who may use a template (resources/shared/exclusive.ts). The
 * template's accounts are the shared once-per-template read of TemplateAccess.
 *
 * The owner, who is never removed (the service refuses it too), is known by identity, not by
 * the order of `accounts` (D140): the service says only whether the caller owns the template
 * (`is_creator`), and then the owner is the key holder, whom no set removes. On a template the
 * key holder does not own, the owner is one of its accounts and the service does not say which:
 * nobody is removed from it, and each account the list leaves out is named with a warning.
 */
import type { ResultOf } from "../../../contract";
import { exclusiveImpl, type SetHolder } from "../shared/exclusive";
import { cacheKeys } from "../shared/cache-keys";
import { holdersOf } from "../shared/grant";
import type { ProviderContext } from "../../deployment/context";
import type { ResourceImpl } from "../../core/resource";
import type { TemplateAccessSetInputs, TemplateAccessSetState } from "./schema";

/** Records whether the key holder owns the template, from a read of it made anyway. */
function noteOwner(ctx: ProviderContext, templateId: string, template: ResultOf<"template.get">): ResultOf<"template.get"> {
  void ctx.cache.get(cacheKeys.templateOwnedByCaller(templateId), async () => template.is_creator === true);
  return template;
}

/** Whether the key holder owns the template: from this run's read of it, else one read. */
const ownedByCaller = (ctx: ProviderContext, templateId: string) =>
  ctx.cache.get(cacheKeys.templateOwnedByCaller(templateId), async () => (await ctx.client.template.get(templateId)).is_creator === true);

export const templateAccessSetImpl: ResourceImpl<TemplateAccessSetInputs, TemplateAccessSetState> = exclusiveImpl({
  type: "TemplateAccessSet",
  parentKey: "templateId",
  listKey: "users",
  parent: async (_ctx, inputs) => inputs.templateId,
  label: (templateId) => `template ${templateId}`,
  holders: (ctx, templateId) => ctx.cache.get(cacheKeys.templateHolders(templateId), async () => holdersOf(noteOwner(ctx, templateId, await ctx.client.template.get(templateId)))),
  async guard(ctx, templateId, _holders, candidates) {
    // The key holder's own template: its owner is the key holder, kept before any guard.
    if (candidates.length === 0 || (await ownedByCaller(ctx, templateId))) return new Map<SetHolder, string>();
    return new Map<SetHolder, string>(candidates.map((h) => [h, "may own the template: the service names a template's owner only to the owner, and the key holder is not"]));
  },
  async remove(ctx, templateId, holder) {
    await ctx.client.template.removeUser(templateId, { account_id: holder.accountId });
    ctx.cache.patch(cacheKeys.templateHolders(templateId), (list) => list.filter((h) => h.accountId !== holder.accountId));
  },
});
