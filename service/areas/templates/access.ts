/**
 * @module service/areas/templates/access
 * template.add_user / remove_user: give or withdraw another account's access; account_id
 * wins over email_address; skip_notification suppresses the outbox e-mail. Both are
 * idempotent. Refusals as recorded, 403 forbidden:
 * - add_user of an account not on the caller's team, or only invited to it (pending):
 *   "Account does not belong to your team." (S3 TemplateTest 2020, S1 testAddTemplateUserInvalid.json);
 * - remove_user of the owner: "You cannot remove the template owner" (S1 testRemoveTemplateUserInvalid.json);
 * - remove_user of someone not on the team (S3 testRemoveTemplateUser); our refinement: an
 *   account that still has access (it left the team since) can be removed.
 */
import type { Account } from "../../accounts/types";
import { forbidden, notFound } from "../../http/errors";
import type { AnswerOf, RequestContext } from "../../kernel";
import { accessibleTemplate, templates, templateView } from "./model";

interface UserBody {
  account_id?: string;
  email_address?: string;
  skip_notification?: boolean;
}

const NOT_ON_TEAM = "Account does not belong to your team.";

/** The caller itself, or an account on the caller's team (a pending invitee is not). */
function onCallersTeam(ctx: RequestContext, account: Account): boolean {
  return account.account_id === ctx.account.account_id || (ctx.account.team_id !== null && account.team_id === ctx.account.team_id);
}

function target(ctx: RequestContext, body: UserBody): { account: Account; path: string } {
  const path = body.account_id ? "account_id" : "email_address";
  const account = body.account_id ? ctx.accounts.byId(body.account_id) : ctx.accounts.byEmail(body.email_address!);
  if (!account) throw notFound("Account not found", path);
  return { account, path };
}

export function addUser(ctx: RequestContext<"template.add_user">): AnswerOf<"template.add_user"> {
  const { body } = ctx;
  const t = accessibleTemplate(ctx.store, ctx.account, ctx.params.template_id);
  const { account, path } = target(ctx, body);
  if (!onCallersTeam(ctx, account)) throw forbidden(NOT_ON_TEAM, path);
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
  return templateView(t, ctx.account, ctx.accounts);
}

export function removeUser(ctx: RequestContext<"template.remove_user">): AnswerOf<"template.remove_user"> {
  const { body } = ctx;
  const t = accessibleTemplate(ctx.store, ctx.account, ctx.params.template_id);
  const { account, path } = target(ctx, body);
  if (account.account_id === t.owner_account_id) throw forbidden("You cannot remove the template owner", path);
  if (!onCallersTeam(ctx, account) && !t.accounts.includes(account.account_id)) throw forbidden(NOT_ON_TEAM, path);
  if (t.accounts.includes(account.account_id)) {
    t.accounts = t.accounts.filter((a) => a !== account.account_id);
    templates(ctx.store).put(t.template_id, t);
  }
  return templateView(t, ctx.account, ctx.accounts);
}
