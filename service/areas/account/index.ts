/**
 * @module service/areas/account
 * GET /account (the caller, or another account by account_id / email_address), PUT /account
 * {callback_url, locale} (the account callback URL used for events without an app; the
 * account's locale), checked against the contract's accountUpdateBody, and POST
 * /account/verify (whether an account has an address: `{}` when none has, paid plans only: 403 otherwise).
 */
import { accountUpdateBody, operations, TEAM_ROLE_CODES, validate } from "../../../contract";
import { accountSummary } from "../../accounts/summary";
import type { Account } from "../../accounts/types";
import { badRequest, forbidden, notFound } from "../../http/errors";
import { offContractRoute, route } from "../../http/route";
import type { Area, RequestContext } from "../../kernel";
import { teamRole } from "../team/model";

/**
 * role_code: the account's role in its team ("a" Admin, "m" Member as recorded; "d" Developer
 * and "t" Team Manager are the emulator's codes), null without a team (S1 testGetAccount.json).
 */
function roleCode(ctx: RequestContext, a: Account): string | null {
  const role = teamRole(ctx.store, a);
  return role ? TEAM_ROLE_CODES[role] : null;
}

function accountView(ctx: RequestContext, a: Account, self: boolean) {
  return {
    ...accountSummary(a, { quotas: self }),
    callback_url: self ? a.callback_url : null,
    role_code: roleCode(ctx, a),
    ...(self && a.locale ? { locale: a.locale } : {}),
  };
}

export const area: Area = {
  name: "account",
  routes: [
    route("account.get", (ctx) => {
      const { account_id, email_address } = ctx.query;
      const target = account_id ? ctx.accounts.byId(account_id) : email_address ? ctx.accounts.byEmail(email_address) : ctx.account;
      if (!target) throw notFound("Account not found");
      return accountView(ctx, target, target.account_id === ctx.account.account_id);
    }),
    offContractRoute({ method: "PUT", path: "/account", response: operations["account.get"].response }, (ctx) => {
      const checked = validate(accountUpdateBody, ctx.body);
      if (!checked.ok) throw badRequest(checked.issues.map((i) => `${i.path}: ${i.message}`).join("; "), checked.issues[0]?.path);
      const { callback_url: url, locale } = checked.value;
      // The real text (S1 testSetAccountCallbackInvalid.json).
      if (typeof url === "string" && url !== "" && !/^https?:\/\/\S+$/.test(url)) throw badRequest(`Invalid url for callback_url : ${url}`, "callback_url");
      const a = ctx.accounts.update(ctx.account.account_id, (acc) => {
        if (url !== undefined) acc.callback_url = url === "" ? null : url;
        if (locale) acc.locale = locale; // an empty locale keeps the current one
      })!;
      return accountView(ctx, a, true);
    }),
    // Legacy reference (S12): "restricted to paid API users" (D77). An unknown address is no error (S1, S3).
    route("account.verify", (ctx) => {
      // The recorded refusal (evidence section 9, finding 7: a third-party golden, S20).
      if (!ctx.accounts.capabilities(ctx.account).paid) throw forbidden("A paid API plan is required to access this endpoint");
      const found = ctx.accounts.byEmail(ctx.body.email_address);
      return found ? { account: { email_address: found.email_address } } : {};
    }),
  ],
};
