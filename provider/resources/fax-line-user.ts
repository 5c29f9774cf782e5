/**
 * FaxLineUser: gives one account access to a fax line.
 *
 * Replaces: number, emailAddress or accountId (delete-before-replace). Updates: nothing.
 * Calls: create PUT /fax_line/add_user; read GET /fax_line?number=... (its accounts[]), read
 * ONCE per line and shared by all its users' refresh; delete PUT /fax_line/remove_user
 * (404 = already gone). An existing access is adopted silently.
 */
import * as pulumi from "@pulumi/pulumi";
import { faxLineUserBody } from "../contract";
import { contractFailures } from "./support/check";
import { normalizeEmail } from "./support/compare";
import type { ProviderContext } from "./support/context";
import { DiffRules } from "./support/diff";
import { toWire } from "./support/naming";
import { Props, ResourceImpl } from "./support/resource";
import { findPerson, personInput, personRequired, personRules, type Person } from "./support/membership";
import { providerStub } from "./support/stub";

export interface FaxLineUserArgs {
  number: pulumi.Input<string>;
  emailAddress?: pulumi.Input<string>;
  accountId?: pulumi.Input<string>;
}

export class FaxLineUser extends pulumi.dynamic.Resource {
  declare readonly number: pulumi.Output<string>;
  declare readonly accountId: pulumi.Output<string>;
  declare readonly emailAddress: pulumi.Output<string>;

  constructor(name: string, args: FaxLineUserArgs, opts?: pulumi.CustomResourceOptions) {
    super(providerStub("FaxLineUser"), name, { accountId: undefined, emailAddress: undefined, ...args }, opts, "esign", "FaxLineUser");
  }
}

const rules: DiffRules = {
  number: { change: "replace" },
  ...personRules,
};

type LineUser = Required<Person>;

const usersOf = (line: Props): LineUser[] =>
  (line.accounts ?? []).map((a: Props) => ({ accountId: a.account_id, emailAddress: a.email_address }));

/** The accounts on a fax line: one GET per line per refresh. */
export function lineUsers(ctx: ProviderContext, number: string): Promise<LineUser[]> {
  return ctx.cache.get(`fax_line:${number}`, async () => usersOf(await ctx.client.faxLine.get({ number })));
}

const outputsOf = (inputs: Props, user: LineUser): Props => ({ ...inputs, accountId: user.accountId, emailAddress: normalizeEmail(user.emailAddress) });

export const faxLineUserImpl: ResourceImpl = {
  rules,
  deleteBeforeReplace: true,
  check(_olds, news) {
    const failures = contractFailures(faxLineUserBody, toWire({ number: news.number, ...personInput(news) }), news);
    failures.push(...personRequired(news));
    return { inputs: news, failures };
  },

  async create(ctx, inputs) {
    let user = findPerson(await lineUsers(ctx, inputs.number), inputs);
    if (!user) {
      const line = await ctx.client.faxLine.addUser(toWire({ number: inputs.number, ...personInput(inputs) }) as never);
      const added = findPerson(usersOf(line), inputs);
      if (!added) throw new Error(`fax line ${inputs.number}: ${inputs.emailAddress ?? inputs.accountId} has no access after add_user`);
      // Patched, not dropped: 300 creates read the line once, not 300 times.
      ctx.cache.patch<LineUser[]>(`fax_line:${inputs.number}`, (list) => [...list.filter((u) => u.accountId !== added.accountId), added]);
      user = added;
    }
    return { id: `${inputs.number}/${user.accountId}`, outs: outputsOf(inputs, user) };
  },

  async read(ctx, _id, props) {
    const user = findPerson(await lineUsers(ctx, props.number), { accountId: props.accountId });
    return user ? outputsOf(props, user) : undefined;
  },

  async update(_ctx, _id, olds, news) {
    return { ...news, accountId: olds.accountId, emailAddress: olds.emailAddress };
  },

  async delete(ctx, _id, props) {
    await ctx.client.faxLine.removeUser({ number: props.number, account_id: props.accountId } as never);
    ctx.cache.patch<LineUser[]>(`fax_line:${props.number}`, (list) => list.filter((u) => u.accountId !== props.accountId));
  },
};
