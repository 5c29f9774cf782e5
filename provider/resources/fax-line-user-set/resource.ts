/**
 * FaxLineUserSet: the whole list of a fax line's users (resources/shared/exclusive.ts). The line's
 * accounts are the shared once-per-line read of FaxLineUser.
 */
import { exclusiveImpl } from "../shared/exclusive";
import { cacheKeys } from "../shared/cache-keys";
import { holdersOf } from "../shared/grant";
import type { ResourceImpl } from "../../core/resource";
import type { FaxLineUserSetInputs, FaxLineUserSetState } from "./schema";

export const faxLineUserSetImpl: ResourceImpl<FaxLineUserSetInputs, FaxLineUserSetState> = exclusiveImpl({
  type: "FaxLineUserSet",
  parentKey: "number",
  listKey: "users",
  parent: async (_ctx, inputs) => inputs.number,
  label: (number) => `fax line ${number}`,
  holders: (ctx, number) => ctx.cache.get(cacheKeys.faxLineUsers(number), async () => holdersOf(await ctx.client.faxLine.get({ number }))),
  async remove(ctx, number, holder) {
    await ctx.client.faxLine.removeUser({ number, account_id: holder.accountId });
    ctx.cache.patch(cacheKeys.faxLineUsers(number), (list) => list.filter((h) => h.accountId !== holder.accountId));
  },
});
