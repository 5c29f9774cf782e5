/**
 * FaxLineUser: gives one account access to a fax line.
 *
 * Replaces: number, emailAddress or accountId (delete-before-replace). Updates: nothing.
 * Calls: create PUT /fax_line/add_user; read GET /fax_line?number=... (its accounts[]), read
 * ONCE per line and shared by all its users' refresh; delete PUT /fax_line/remove_user
 * (404 = already gone). An existing access is adopted silently.
 * Pending: for a person whose team invitation is still open the service refuses the line; the
 * resource is then recorded with `status: "pending"` and a warning, and `pulumi up --refresh`
 * adds them once they accept (support/pending.ts). `status` is `granted` otherwise.
 */
import * as pulumi from "@pulumi/pulumi";
import { faxLineUserBody } from "../contract";
import { contractFailures } from "./support/check";
import { normalizeEmail } from "./support/compare";
import type { ProviderContext } from "./support/context";
import { DiffRules } from "./support/diff";
import { toWire } from "./support/naming";
import { Props, ResourceImpl } from "./support/resource";
import { findPerson, personInput, personKeys, personRequired, personRules, type Person } from "./support/membership";
import { grantUnlessInvited, openInvitation, type GrantStatus } from "./support/pending";
import { EsignResource } from "./support/esign-resource";

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

const outputsOf = (inputs: Props, user: Person, status: GrantStatus = "granted"): Props =>
  ({ ...inputs, accountId: user.accountId, emailAddress: normalizeEmail(user.emailAddress), status });

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
      const body = toWire({ number: inputs.number, ...personInput(inputs) });
      const result = await grantUnlessInvited(ctx, inputs, `use of fax line ${inputs.number}`, () => ctx.client.faxLine.addUser(body as never));
      if ("invited" in result) {
        const who = result.invited.accountId ?? normalizeEmail(result.invited.emailAddress);
        return { id: `${inputs.number}/${who}`, outs: outputsOf(inputs, result.invited, "pending") };
      }
      const added = findPerson(usersOf(result.granted), inputs);
      if (!added) throw new Error(`fax line ${inputs.number}: ${inputs.emailAddress ?? inputs.accountId} has no access after add_user`);
      // Patched, not dropped: 300 creates read the line once, not 300 times.
      ctx.cache.patch<LineUser[]>(`fax_line:${inputs.number}`, (list) => [...list.filter((u) => u.accountId !== added.accountId), added]);
      user = added;
    }
    return { id: `${inputs.number}/${user.accountId}`, outs: outputsOf(inputs, user) };
  },

  async read(ctx, _id, props) {
    const who = props.accountId ? { accountId: props.accountId } : { emailAddress: props.emailAddress };
    const user = findPerson(await lineUsers(ctx, props.number), who);
    if (user) return outputsOf(props, user);
    // Still waiting for the person: unchanged. Joined (or gone): absent, so `up --refresh` adds them.
    if (props.status === "pending" && (await openInvitation(ctx, props))) return props;
    return undefined;
  },

  async update(_ctx, _id, olds, news) {
    return { ...news, accountId: olds.accountId, emailAddress: olds.emailAddress, status: olds.status };
  },

  objectKeys: (_id, props) => personKeys(props.number, props),

  async delete(ctx, _id, props) {
    if (props.status === "pending") return; // nothing was granted
    await ctx.client.faxLine.removeUser({ number: props.number, account_id: props.accountId } as never);
    ctx.cache.patch<LineUser[]>(`fax_line:${props.number}`, (list) => list.filter((u) => u.accountId !== props.accountId));
  },
};
