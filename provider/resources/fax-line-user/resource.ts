/**
 * FaxLineUser: gives one account access to a fax line.
 *
 * A grant (resources/shared/grant.ts, shared with TemplateAccess): replaces on number, emailAddress or
 * accountId (delete-before-replace); updates nothing in place; pending while the person's team
 * invitation is open.
 * Calls: create PUT /fax_line/add_user; read GET /fax_line?number=... (its accounts[]), read
 * ONCE per line and shared by all its users' refresh; delete PUT /fax_line/remove_user
 * (404 = already gone). An existing access is taken over with a warning.
 */
import * as pulumi from "@pulumi/pulumi";
import { faxLineUserBody } from "../../../contract";
import { cacheKeys } from "../shared/cache-keys";
import { grantImpl, type GrantStatus } from "../shared/grant";
import { personInput } from "../shared/membership";
import type { ResourceImpl } from "../../core/resource";
import { EsignResource } from "../../dynamic/esign-resource";

export interface FaxLineUserArgs {
  number: pulumi.Input<string>;
  emailAddress?: pulumi.Input<string>;
  accountId?: pulumi.Input<string>;
}

export class FaxLineUser extends EsignResource {
  declare readonly number: pulumi.Output<string>;
  declare readonly accountId: pulumi.Output<string>;
  declare readonly emailAddress: pulumi.Output<string>;
  /** `pending` while the person has not accepted the team invitation (no access yet), then `granted`. */
  declare readonly status: pulumi.Output<GrantStatus>;
  declare readonly managingAccountId: pulumi.Output<string>;

  constructor(name: string, args: FaxLineUserArgs, opts?: pulumi.CustomResourceOptions) {
    super("FaxLineUser", name, { managingAccountId: undefined, accountId: undefined, emailAddress: undefined, status: undefined, ...args }, opts);
  }
}

export const faxLineUserImpl: ResourceImpl = grantImpl({
  key: "number",
  type: "FaxLineUser",
  cacheKey: cacheKeys.faxLineUsers,
  label: (number) => `fax line ${number}`,
  what: (number) => `use of fax line ${number}`,
  body: (inputs) => ({ number: inputs.number, ...personInput(inputs) }),
  schema: faxLineUserBody,
  read: (ctx, number) => ctx.client.faxLine.get({ number }),
  add: (ctx, number, body) => ctx.client.faxLine.addUser({ ...body, number }),
  remove: async (ctx, number, accountId) => {
    await ctx.client.faxLine.removeUser({ number, account_id: accountId });
  },
});
