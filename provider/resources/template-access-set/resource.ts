/**
 * TemplateAccessSet: the whole list of who may use a template (resources/shared/exclusive.ts). The
 * template's accounts are the shared once-per-template read of TemplateAccess; the service lists
 * the owner first, who is never removed (the service refuses it too).
 */
import { exclusiveImpl, type SetHolder } from "../shared/exclusive";
import { cacheKeys } from "../shared/cache-keys";
import { holdersOf } from "../shared/grant";
import type { ResourceImpl } from "../../core/resource";
import type { TemplateAccessSetInputs, TemplateAccessSetState } from "./schema";

export const templateAccessSetImpl: ResourceImpl<TemplateAccessSetInputs, TemplateAccessSetState> = exclusiveImpl({
  type: "TemplateAccessSet",
  parentKey: "templateId",
  listKey: "users",
  parent: async (_ctx, inputs) => inputs.templateId as string,
  label: (templateId) => `template ${templateId}`,
  holders: (ctx, templateId) => ctx.cache.get(cacheKeys.templateHolders(templateId), async () => holdersOf(await ctx.client.template.get(templateId))),
  async guard(_ctx, _templateId, holders, candidates) {
    const owner = holders[0];
    return new Map<SetHolder, string>(owner && candidates.includes(owner) ? [[owner, "owns the template"]] : []);
  },
  async remove(ctx, templateId, holder) {
    await ctx.client.template.removeUser(templateId, { account_id: holder.accountId });
    ctx.cache.patch(cacheKeys.templateHolders(templateId), (list) => list.filter((h) => h.accountId !== holder.accountId));
  },
});
