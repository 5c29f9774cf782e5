/**
 * @module service/areas/templates/access
 * template.add_user / remove_user: give or withdraw another account's access. The account
 * must be on the caller's team (400 bad_request otherwise); account_id wins over
 * email_address; skip_notification suppresses the outbox e-mail. Both are idempotent.
 */
import type { Account } from "../../accounts/types";
import { badRequest, notFound } from "../../http/errors";
import type { Reply, RequestContext } from "../../kernel";
import { accessibleTemplate, templates, templateView } from "./model";

interface UserBody {
  account_id?: string;
  email_address?: string;
  skip_notification?: boolean;
}

function target(ctx: RequestContext, body: UserBody): { account: Account; path: string } {
  const path = body.account_id ? "account_id" : "email_address";
  const account = body.account_id ? ctx.accounts.byId(body.account_id) : ctx.accounts.byEmail(body.email_address!);
  if (!account) throw notFound("Account not found", path);
  return { account, path };
}

export function addUser(ctx: RequestContext<"template.add_user">): Reply {
  const { body } = ctx;
  const t = accessibleTemplate(ctx.store, ctx.account, ctx.params.template_id);
  const { account, path } = target(ctx, body);
  const sameTeam = ctx.account.team_id !== null && account.team_id === ctx.account.team_id;
  if (!sameTeam && account.account_id !== ctx.account.account_id) {
    throw badRequest(`${account.email_address} is not a member of your team`, path);
  }
  if (!t.accounts.includes(account.account_id)) {
    t.accounts.push(account.account_id);
    templates(ctx.store).put(t.template_id, t);
    if (!body.skip_notification) {
      ctx.outbox.send({
        to: account.email_address,
        kind: "template_shared",
        subject: `${ctx.account.email_address} shared the template "${t.title}" with you`,
        data: { template_id: t.template_id, shared_by: ctx.account.account_id },
      });
    }
  }
  return ctx.reply.json("template", templateView(t, ctx.account, ctx.accounts));
}

export function removeUser(ctx: RequestContext<"template.remove_user">): Reply {
  const { body } = ctx;
  const t = accessibleTemplate(ctx.store, ctx.account, ctx.params.template_id);
  const { account, path } = target(ctx, body);
  if (account.account_id === t.owner_account_id) throw badRequest("The creator's access to a template cannot be removed", path);
  if (t.accounts.includes(account.account_id)) {
    t.accounts = t.accounts.filter((a) => a !== account.account_id);
    templates(ctx.store).put(t.template_id, t);
  }
  return ctx.reply.json("template", templateView(t, ctx.account, ctx.accounts));
}
