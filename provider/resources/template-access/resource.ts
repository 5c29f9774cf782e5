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
import * as pulumi from "@pulumi/pulumi";
import { templateAddUserBody } from "../../../contract";
import { cacheKeys } from "../shared/cache-keys";
import { grantImpl, type GrantStatus } from "../shared/grant";
import { personInput } from "../shared/membership";
import type { ResourceImpl } from "../../core/resource";
import { EsignResource } from "../../dynamic/esign-resource";

export interface TemplateAccessArgs {
  templateId: pulumi.Input<string>;
  emailAddress?: pulumi.Input<string>;
  accountId?: pulumi.Input<string>;
  /** Do not e-mail the account about the share (only when access is first given). */
  skipNotification?: pulumi.Input<boolean>;
}

export class TemplateAccess extends EsignResource {
  declare readonly templateId: pulumi.Output<string>;
  declare readonly accountId: pulumi.Output<string>;
  declare readonly emailAddress: pulumi.Output<string>;
  /** `pending` while the person has not accepted the team invitation (no access yet), then `granted`. */
  declare readonly status: pulumi.Output<GrantStatus>;
  declare readonly managingAccountId: pulumi.Output<string>;

  constructor(name: string, args: TemplateAccessArgs, opts?: pulumi.CustomResourceOptions) {
    super("TemplateAccess", name, { managingAccountId: undefined, accountId: undefined, emailAddress: undefined, status: undefined, ...args }, opts);
  }
}

export const templateAccessImpl: ResourceImpl = grantImpl({
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
