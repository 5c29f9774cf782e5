/**
 * @module service/areas/account
 * GET /account (the caller, or another account by account_id / email_address) and
 * PUT /account {callback_url, locale} (the account callback URL used for events without an
 * app; the account's locale), checked against the contract's accountUpdateBody.
 */
import { accountUpdateBody, validate } from "../../../contract";
import { accountSummary } from "../../accounts/summary";
import type { Account } from "../../accounts/types";
import { badRequest, notFound } from "../../http/errors";
import { route } from "../../http/route";
import type { Area } from "../../kernel";

function accountView(a: Account, self: boolean) {
  return { ...accountSummary(a, { quotas: self }), callback_url: self ? a.callback_url : null, role_code: null, ...(self && a.locale ? { locale: a.locale } : {}) };
}

export const area: Area = {
  name: "account",
  routes: [
    route("account.get", (ctx) => {
      const { account_id, email_address } = ctx.query;
      const target = account_id ? ctx.accounts.byId(account_id) : email_address ? ctx.accounts.byEmail(email_address) : ctx.account;
      if (!target) throw notFound("Account not found");
      return ctx.reply.json("account", accountView(target, target.account_id === ctx.account.account_id));
    }),
    {
      method: "PUT",
      path: "/account",
      handler: (ctx) => {
        const checked = validate(accountUpdateBody, ctx.body);
        if (!checked.ok) throw badRequest(checked.issues.map((i) => `${i.path}: ${i.message}`).join("; "), checked.issues[0]?.path);
        const { callback_url: url, locale } = checked.value;
        if (typeof url === "string" && url !== "" && !/^https?:\/\/\S+$/.test(url)) throw badRequest("callback_url must be a URL", "callback_url");
        const a = ctx.accounts.update(ctx.account.account_id, (acc) => {
          if (url !== undefined) acc.callback_url = url === "" ? null : url;
          if (locale) acc.locale = locale; // an empty locale keeps the current one
        })!;
        return ctx.reply.json("account", accountView(a, true));
      },
    },
  ],
};
