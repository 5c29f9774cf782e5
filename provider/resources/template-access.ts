/**
 * TemplateAccess: gives one account of the caller's team access to a template.
 *
 * Replaces: templateId, emailAddress or accountId (delete-before-replace).
 * Updates in place: nothing; skipNotification only matters when access is first given.
 * Calls: create POST /template/add_user/{template_id}; read GET /template/{template_id}
 * (its accounts[]), read ONCE per template and shared by all accesses' refresh; delete
 * POST /template/remove_user/{template_id} (404 = already gone). An existing access is
 * adopted silently.
 * Pending: for a person whose team invitation is still open the service refuses access; the
 * resource is then recorded with `status: "pending"` and a warning, and `pulumi up --refresh`
 * grants it once they accept (support/pending.ts). `status` is `granted` otherwise.
 */
import * as pulumi from "@pulumi/pulumi";
import { templateAddUserBody } from "../contract";
import { contractFailures } from "./support/check";
import { normalizeEmail } from "./support/compare";
import type { ProviderContext } from "./support/context";
import { DiffRules } from "./support/diff";
import { toWire } from "./support/naming";
import { Props, ResourceImpl } from "./support/resource";
import { findPerson, personInput, personKeys, personRequired, personRules, type Person } from "./support/membership";
import { grantUnlessInvited, openInvitation, type GrantStatus } from "./support/pending";
import { EsignResource } from "./support/esign-resource";

export interface TemplateAccessArgs {
  templateId: pulumi.Input<string>;
  emailAddress?: pulumi.Input<string>;
  accountId?: pulumi.Input<string>;
  /** Do not e-mail the account about the share (only when access is first given). */
  skipNotification?: pulumi.Input<boolean>;
}

export class TemplateAccess extends EsignResource {
  declare readonly templateId: pulumi.Output<string>;
  declare readonly accountId: pulumi.Output<string>;
  declare readonly emailAddress: pulumi.Output<string>;
  /** `pending` while the person has not accepted the team invitation (no access yet), then `granted`. */
  declare readonly status: pulumi.Output<GrantStatus>;
  declare readonly managingAccountId: pulumi.Output<string>;

  constructor(name: string, args: TemplateAccessArgs, opts?: pulumi.CustomResourceOptions) {
    super("TemplateAccess", name, { managingAccountId: undefined, accountId: undefined, emailAddress: undefined, status: undefined, ...args }, opts);
  }
}

const rules: DiffRules = {
  templateId: { change: "replace" },
  ...personRules,
  skipNotification: { change: "ignore" },
};

type Holder = Required<Person>;

/** The accounts that can use a template: one GET per template per refresh. */
export function templateHolders(ctx: ProviderContext, templateId: string): Promise<Holder[]> {
  return ctx.cache.get(`template:${templateId}`, async () => {
    const template = await ctx.client.template.get(templateId);
    return (template.accounts ?? []).map((a: Props) => ({ accountId: a.account_id, emailAddress: a.email_address }));
  });
}

function outputsOf(inputs: Props, holder: Person, status: GrantStatus = "granted"): Props {
  return { ...inputs, accountId: holder.accountId, emailAddress: normalizeEmail(holder.emailAddress), status };
}

/** The access being asked for, as a warning names it. */
const what = (inputs: Props) => `access to template ${inputs.templateId}`;

export const templateAccessImpl: ResourceImpl = {
  rules,
  deleteBeforeReplace: true,
  check(_olds, news) {
    const body = toWire({ ...personInput(news), skipNotification: news.skipNotification });
    const failures = contractFailures(templateAddUserBody, body, news);
    if (!news.templateId) failures.push({ property: "templateId", reason: "templateId is required" });
    failures.push(...personRequired(news));
    return { inputs: news, failures };
  },

  async create(ctx, inputs) {
    let holder = findPerson(await templateHolders(ctx, inputs.templateId), inputs);
    if (!holder) {
      const body = toWire({ ...personInput(inputs), skipNotification: inputs.skipNotification });
      const result = await grantUnlessInvited(ctx, inputs, what(inputs), () => ctx.client.template.addUser(inputs.templateId, body as never));
      if ("invited" in result) {
        const who = result.invited.accountId ?? normalizeEmail(result.invited.emailAddress);
        return { id: `${inputs.templateId}/${who}`, outs: outputsOf(inputs, result.invited, "pending") };
      }
      const holders = (result.granted.accounts ?? []).map((a: Props) => ({ accountId: a.account_id, emailAddress: a.email_address }));
      const added = findPerson(holders, inputs);
      if (!added) throw new Error(`template ${inputs.templateId}: ${inputs.emailAddress ?? inputs.accountId} has no access after add_user`);
      // Patched, not dropped: 300 creates read the template once, not 300 times.
      ctx.cache.patch<Holder[]>(`template:${inputs.templateId}`, (list) => [...list.filter((h) => h.accountId !== added.accountId), added]);
      holder = added;
    }
    return { id: `${inputs.templateId}/${holder.accountId}`, outs: outputsOf(inputs, holder) };
  },

  async read(ctx, _id, props) {
    const who = props.accountId ? { accountId: props.accountId } : { emailAddress: props.emailAddress };
    const holder = findPerson(await templateHolders(ctx, props.templateId), who);
    if (holder) return outputsOf(props, holder);
    // Still waiting for the person: unchanged. Joined (or gone): absent, so `up --refresh` grants.
    if (props.status === "pending" && (await openInvitation(ctx, props))) return props;
    return undefined;
  },

  async update(_ctx, _id, olds, news) {
    return { ...news, accountId: olds.accountId, emailAddress: olds.emailAddress, status: olds.status };
  },

  objectKeys: (_id, props) => personKeys(props.templateId, props),

  async delete(ctx, _id, props) {
    if (props.status === "pending") return; // nothing was granted
    await ctx.client.template.removeUser(props.templateId, { account_id: props.accountId } as never);
    ctx.cache.patch<Holder[]>(`template:${props.templateId}`, (list) => list.filter((h) => h.accountId !== props.accountId));
  },
};
