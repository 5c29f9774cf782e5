/**
 * @module service/areas/fax-lines
 * Fax lines (API key only): create (a realistic E.164 number in an available area code),
 * get by number, list (account_id, show_team_lines, pages), add_user, remove_user,
 * delete (body {number}, JSON or form), area_codes.
 * A line is visible to the accounts on it, its purchaser and their teammates.
 * Buying a line needs the Fax API (a paid, enabled Dropbox Fax plan: the help centre's "Set up
 * the Dropbox Fax API"); without it 402 payment_required (our choice of answer: none is
 * recorded; 402 is what the API documents for requests that need payment).
 */
import { accountSummary } from "../../accounts/summary";
import type { Account } from "../../accounts/types";
import { badRequest, notFound, paymentRequired } from "../../http/errors";
import { paginate } from "../../http/pagination";
import { route } from "../../http/route";
import type { Area, RequestContext } from "../../kernel";
import { areaCodes, newFaxNumber } from "./area-codes";
import { faxLineControlRoutes } from "./control";
import { faxLines, type FaxLineRecord } from "./model";

export { faxLines, type FaxLineRecord } from "./model";

function teammates(ctx: RequestContext): Set<string> {
  const ids = new Set([ctx.account.account_id]);
  if (ctx.account.team_id) for (const a of ctx.accounts.all()) if (a.team_id === ctx.account.team_id) ids.add(a.account_id);
  return ids;
}

function visible(ctx: RequestContext, line: FaxLineRecord): boolean {
  const team = teammates(ctx);
  return team.has(line.owner_account_id) || line.accounts.some((a) => team.has(a));
}

function lineByNumber(ctx: RequestContext, number: string): FaxLineRecord {
  const line = faxLines(ctx.store).get(number);
  if (!line || !visible(ctx, line)) throw notFound(`Fax line ${number} not found`, "number");
  return line;
}

/** The account named by account_id / email_address (the caller when neither); must be the caller or a teammate. */
function teamAccount(ctx: RequestContext, body: { account_id?: string; email_address?: string }): Account {
  const path = body.account_id ? "account_id" : "email_address";
  const a = body.account_id ? ctx.accounts.byId(body.account_id) : body.email_address ? ctx.accounts.byEmail(body.email_address) : ctx.account;
  if (!a) throw notFound("Account not found", path);
  if (!teammates(ctx).has(a.account_id)) throw badRequest(`${a.email_address} is not a member of your team`, path);
  return a;
}

function view(ctx: RequestContext, line: FaxLineRecord) {
  return {
    number: line.number,
    created_at: line.created_at,
    updated_at: line.updated_at,
    accounts: line.accounts.flatMap((id) => {
      const a = ctx.accounts.byId(id);
      return a ? [accountSummary(a, { quotas: false })] : [];
    }),
  };
}

export const area: Area = {
  name: "fax_line",
  routes: [
    route("fax_line.create", (ctx) => {
      const { body } = ctx;
      if (!ctx.account.addons.fax) {
        throw paymentRequired("The Fax API needs a paid Dropbox Fax plan with API access enabled: this account has none");
      }
      if (!areaCodes(body.country).includes(body.area_code)) {
        throw badRequest(`Area code ${body.area_code} is not available in ${body.country}`, "area_code");
      }
      const assignee = teamAccount(ctx, { account_id: body.account_id });
      let number = newFaxNumber(body.country, body.area_code);
      while (faxLines(ctx.store).get(number)) number = newFaxNumber(body.country, body.area_code);
      const now = ctx.clock.now();
      const line: FaxLineRecord = {
        number,
        country: body.country,
        area_code: body.area_code,
        city: body.city ?? null,
        owner_account_id: ctx.account.account_id,
        accounts: [assignee.account_id],
        created_at: now,
        updated_at: now,
      };
      faxLines(ctx.store).put(number, line);
      return view(ctx, line);
    }),

    route("fax_line.get", (ctx) => view(ctx, lineByNumber(ctx, ctx.query.number))),

    route("fax_line.list", (ctx) => {
      const q = ctx.query;
      const team = teammates(ctx);
      if (q.account_id && !team.has(q.account_id)) throw notFound(`Account ${q.account_id} is not on your team`, "account_id");
      const who = q.account_id ?? ctx.account.account_id;
      const lines = faxLines(ctx.store).filter((l) => (q.show_team_lines ? visible(ctx, l) : l.accounts.includes(who) || (!q.account_id && l.owner_account_id === who)));
      const page = paginate(lines, ctx.query);
      return { items: page.items.map((l) => view(ctx, l)), list_info: page.list_info };
    }),

    route("fax_line.add_user", (ctx) => {
      const { body } = ctx;
      const line = lineByNumber(ctx, body.number);
      const a = teamAccount(ctx, body);
      if (!line.accounts.includes(a.account_id)) {
        line.accounts.push(a.account_id);
        line.updated_at = ctx.clock.now();
        faxLines(ctx.store).put(line.number, line);
      }
      return view(ctx, line);
    }),

    route("fax_line.remove_user", (ctx) => {
      const { body } = ctx;
      const line = lineByNumber(ctx, body.number);
      const a = teamAccount(ctx, body);
      if (line.accounts.includes(a.account_id)) {
        line.accounts = line.accounts.filter((x) => x !== a.account_id);
        line.updated_at = ctx.clock.now();
        faxLines(ctx.store).put(line.number, line);
      }
      return view(ctx, line);
    }),

    route("fax_line.delete", (ctx) => {
      const line = lineByNumber(ctx, ctx.body.number);
      faxLines(ctx.store).delete(line.number);
    }),

    route("fax_line.area_codes", (ctx) => {
      const q = ctx.query;
      if (q.state && q.country !== "US") throw badRequest("state applies to country US only", "state");
      if (q.province && q.country !== "CA") throw badRequest("province applies to country CA only", "province");
      return areaCodes(q.country, q.state ?? q.province, q.city);
    }),
  ],
  controlRoutes: faxLineControlRoutes,
};
