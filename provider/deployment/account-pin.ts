/**
 * Which account an operation acts for. Every object is pinned to the account whose key created
 * or adopted it (the `managingAccountId` output); an operation under a key of another account
 * refuses before any request that could write, and never takes the object for gone (another
 * account's key sees a 404 for it). `esign:allowedAccountIds` refuses any other account first.
 * The account is read once per provider process (GET /account), so a refresh pays one call.
 */
import { TEAM_ROLE_CODES, type ResultOf } from "../../contract";
import type { KeyAccount, ProviderContext } from "./context";
import { KeyRefusal, keyToFix, ROLE_REFUSAL_SUMMARY, roleRefusalLine } from "./errors";
import type { Props } from "../core/resource";

/** The output that pins an object to its account. */
export const PIN = "managingAccountId";

const named = (a: KeyAccount) => (a.email ? `${a.accountId} (${a.email})` : a.accountId);

/** Team roles that may not make API calls (Developer and Admin may), by the code GET /account gives. */
const NO_API_ROLES = new Map((["Member", "Team Manager"] as const).map((role) => [TEAM_ROLE_CODES[role], role]));

/** The team role of GET /account's answer when it is one without API access (role_code "m", ...). */
export function roleWithoutApi(answer: ResultOf<"account.get">): string | undefined {
  return NO_API_ROLES.get(answer.role_code ?? "");
}

/**
 * The key's account, once it may act: throws one line when its team role makes no API calls
 * (read from the same GET /account) or esign:allowedAccountIds excludes it.
 */
export async function actingAccount(ctx: ProviderContext, what: string): Promise<KeyAccount> {
  const account = await ctx.account();
  const role = roleWithoutApi(account.answer);
  if (role) throw new KeyRefusal(roleRefusalLine(what, ctx.holder, { id: named(account), role }), ROLE_REFUSAL_SUMMARY, ctx.holder, what);
  const allowed = ctx.settings.allowedAccountIds;
  if (allowed && !allowed.includes(account.accountId)) {
    const who = ctx.holder.explicit ? `provider ${ctx.holder.explicit}: ` : "";
    throw new KeyRefusal(
      `${what}: refused: ${who}the API key is for account ${named(account)}, which is not in ` + `esign:allowedAccountIds (${allowed.join(", ")}); nothing was sent`,
      `the API key is for account ${account.accountId}, not in esign:allowedAccountIds`,
      ctx.holder,
      what,
    );
  }
  return account;
}

/**
 * Refuses `what` (e.g. `ApiApp abc read`) when the object is pinned to another account than
 * the key's; returns the account to pin to (state from before the pin is pinned now).
 */
export async function checkPin(ctx: ProviderContext, what: string, props: Props): Promise<string> {
  const account = await actingAccount(ctx, what);
  const pinned = props[PIN];
  if (typeof pinned === "string" && pinned !== "" && pinned !== account.accountId) {
    const who = ctx.holder.explicit ? `provider ${ctx.holder.explicit}: ` : "";
    throw new KeyRefusal(
      `${what}: refused: ${who}the object belongs to account ${pinned} (its managingAccountId) but the API key ` +
        `is for account ${named(account)}; set ${keyToFix(ctx.holder)} to a key of account ${pinned}. Nothing was changed`,
      `the API key is for account ${account.accountId}, the objects belong to account ${pinned}`,
      ctx.holder,
      what,
    );
  }
  return account.accountId;
}
