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
import { faxLineUserBody } from "../../../contract";
import { cacheKeys } from "../shared/cache-keys";
import { grantImpl } from "../shared/grant";
import { personInput } from "../shared/membership";
import type { ResourceImpl } from "../../core/resource";
import type { FaxLineUserInputs, FaxLineUserState } from "./schema";

export const faxLineUserImpl: ResourceImpl<FaxLineUserInputs, FaxLineUserState> = grantImpl({
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
