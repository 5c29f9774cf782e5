/**
 * TemplateAccess: gives one account of the caller's team access to a template.
 *
 * A grant (resources/shared/grant.ts, shared with FaxLineUser): replaces on templateId, emailAddress or
 * accountId (delete-before-replace); updates nothing in place (skipNotification only matters
 * when access is first given); pending while the person's team invitation is open.
 * Calls: create POST /template/add_user/{template_id}; read GET /template/{template_id}
 * (its accounts[]), read ONCE per template and shared by all accesses' refresh; delete
 * POST /template/remove_user/{template_id} (404 = already gone). An existing access is
 * taken over with a warning.
 */
import { templateAddUserBody } from "../../../contract";
import { cacheKeys } from "../shared/cache-keys";
import { grantImpl } from "../shared/grant";
import { personInput } from "../shared/membership";
import type { ResourceImpl } from "../../core/resource";
import type { TemplateAccessInputs, TemplateAccessState } from "./schema";

export const templateAccessImpl: ResourceImpl<TemplateAccessInputs, TemplateAccessState> = grantImpl({
  key: "templateId",
  type: "TemplateAccess",
  cacheKey: cacheKeys.templateHolders,
  label: (templateId) => `template ${templateId}`,
  what: (templateId) => `access to template ${templateId}`,
  body: (inputs) => ({ ...personInput(inputs), skipNotification: inputs.skipNotification }),
  schema: templateAddUserBody,
  extraRules: { skipNotification: { change: "ignore" } },
  read: (ctx, templateId) => ctx.client.template.get(templateId),
  add: (ctx, templateId, body) => ctx.client.template.addUser(templateId, body),
  remove: async (ctx, templateId, accountId) => {
    await ctx.client.template.removeUser(templateId, { account_id: accountId });
  },
});
