/**
 * The account file as Pulumi resources. Logical names come from each entry's natural key
 * (a member's e-mail, an app's key or name, a template's or fax line's key), never from its
 * position, so reordering the file changes nothing. Members depend on the team; template
 * access and fax line users depend on their template or line and on the declared member.
 */
import * as pulumi from "@pulumi/pulumi";
import { ApiApp } from "../resources/api-app";
import { FaxLine } from "../resources/fax-line";
import { FaxLineUser } from "../resources/fax-line-user";
import { Team } from "../resources/team";
import { TeamMember } from "../resources/team-member";
import { Template } from "../resources/template";
import { TemplateAccess } from "../resources/template-access";
import { normalizeEmail } from "../resources/support/compare";
import { appKey, memberKey } from "./rules";
import type { AccountFile } from "./schema";

export interface DeployedAccount {
  teamId?: pulumi.Output<string>;
  members: Record<string, pulumi.Output<string>>;
  apiApps: Record<string, pulumi.Output<string>>;
  templates: Record<string, pulumi.Output<string>>;
  faxLines: Record<string, pulumi.Output<string>>;
}

const isEmail = (who: string) => who.includes("@");
const whoArgs = (who: string) => (isEmail(who) ? { emailAddress: who } : { accountId: who });
const whoKey = (who: string) => (isEmail(who) ? normalizeEmail(who)! : who);

export function deployAccount(account: AccountFile, opts: pulumi.CustomResourceOptions = {}): DeployedAccount {
  const team = account.team ? new Team("team", account.team, opts) : undefined;
  const members = new Map<string, TeamMember>();
  for (const m of account.members ?? []) {
    const key = memberKey(m);
    members.set(key, new TeamMember(`member:${key}`, { ...m, teamId: team?.teamId }, { ...opts, dependsOn: team ? [team] : [] }));
  }
  const dependsOnMember = (who: string) => {
    const member = members.get(whoKey(who));
    return member ? [member] : [];
  };

  const apiApps: Record<string, pulumi.Output<string>> = {};
  for (const entry of account.apiApps ?? []) {
    const { key: _key, ...args } = entry;
    apiApps[appKey(entry)] = new ApiApp(`app:${appKey(entry)}`, args, opts).clientId;
  }

  const templates: Record<string, pulumi.Output<string>> = {};
  for (const entry of account.templates ?? []) {
    const { key, access, ...args } = entry;
    const template = new Template(`template:${key}`, args as never, opts);
    templates[key] = template.templateId;
    for (const who of access ?? []) {
      new TemplateAccess(`template:${key}:access:${whoKey(who)}`, { templateId: template.templateId, ...whoArgs(who) },
        { ...opts, dependsOn: [template, ...dependsOnMember(who)] });
    }
  }

  const faxLines: Record<string, pulumi.Output<string>> = {};
  for (const entry of account.faxLines ?? []) {
    const { key, users, ...args } = entry;
    const line = new FaxLine(`fax:${key}`, args, opts);
    faxLines[key] = line.number;
    for (const who of users ?? []) {
      new FaxLineUser(`fax:${key}:user:${whoKey(who)}`, { number: line.number, ...whoArgs(who) },
        { ...opts, dependsOn: [line, ...dependsOnMember(who)] });
    }
  }

  return {
    teamId: team?.teamId,
    members: Object.fromEntries([...members].map(([k, m]) => [k, m.status])),
    apiApps,
    templates,
    faxLines,
  };
}
