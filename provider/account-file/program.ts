/**
 * The account file as Pulumi resources. Logical names come from each entry's natural key
 * (a member's e-mail, an app's key or name, a template's or fax line's key), through each
 * kind's `logicalName` (its definition: `esign export`'s import file uses the same), never from its
 * position, so reordering the file changes nothing; `previousKeys` become aliases, so a
 * renamed entry keeps its object. Members depend on the team; template access and fax line
 * users depend on their template or line and on the declared member.
 */
import * as pulumi from "@pulumi/pulumi";
import { dynamicClasses } from "../dynamic/classes";
import type { ResourceClasses } from "../resources/classes";
import { logicalName } from "../resources/definitions";
import type { TemplateArgs } from "../dynamic/args";
import { entryOptions } from "./options";
import { appKey, memberKey, memberNames, whoKey } from "./rules";
import type { AccountFile } from "./schema";

export interface DeployedAccount {
  teamId?: pulumi.Output<string>;
  members: Record<string, pulumi.Output<string>>;
  apiApps: Record<string, pulumi.Output<string>>;
  /** App key -> OAuth secret (a secret output), for apps with `oauth`. */
  oauthSecrets: Record<string, pulumi.Output<string | undefined>>;
  templates: Record<string, pulumi.Output<string>>;
  faxLines: Record<string, pulumi.Output<string>>;
}

const isEmail = (who: string) => who.includes("@");
const whoArgs = (who: string) => (isEmail(who) ? { emailAddress: who } : { accountId: who });

/** The entry's own keys (name, previous names, intent) apart from its resource's inputs. */
function split<T extends { previousKeys?: string[]; protect?: boolean; retainOnDelete?: boolean }>(entry: T) {
  const { previousKeys, protect, retainOnDelete, ...args } = entry;
  return { previousKeys: previousKeys ?? [], intent: { protect, retainOnDelete }, args };
}

/** Every name a grant had: each earlier key of its parent crossed with each earlier key of the person. */
function grantNames(kind: "TemplateAccess" | "FaxLineUser", parentKeys: string[], whoKeys: string[]): string[] {
  return parentKeys.flatMap((p) => whoKeys.map((w) => logicalName(kind, p, w))).slice(1);
}

/**
 * The classes the file becomes are the dynamic ones by default; the native plugin's Account
 * component passes classes of its `esign:index:*` types (native/classes.ts), so both build the
 * same children with the same checks.
 */
export function deployAccount(account: AccountFile, opts: pulumi.CustomResourceOptions = {}, classes: ResourceClasses = dynamicClasses): DeployedAccount {
  const { Team, TeamMember, ApiApp, Template, TemplateAccess, FaxLine, FaxLineUser, TeamMemberSet, TemplateAccessSet, FaxLineUserSet } = classes;
  const authoritative = new Set(account.authoritative ?? []);
  /** The options every authoritative list of the file shares: what it never removes, and how many it may remove. */
  const setArgs = (collection: "members" | "templates.access" | "faxLines.users") => ({
    ...(account.ignore?.[collection]?.length ? { keep: account.ignore[collection] } : {}),
    ...(account.authoritativeLimits?.maxRemovals !== undefined ? { maxRemovals: account.authoritativeLimits.maxRemovals } : {}),
  });
  let team: InstanceType<ResourceClasses["Team"]> | undefined;
  if (account.team) {
    const { intent, args } = split(account.team);
    team = new Team(logicalName("Team"), args, entryOptions(opts, { intent }));
  }

  type Member = InstanceType<ResourceClasses["TeamMember"]>;
  const members = new Map<string, { resource: Member; keys: string[] }>();
  /** Each name a member entry writes (account id, e-mail) -> that member. */
  const byName = new Map<string, { resource: Member; keys: string[] }>();
  for (const m of account.members ?? []) {
    const key = memberKey(m);
    const { previousKeys, intent, args } = split(m);
    const keys = [key, ...previousKeys.map(whoKey)];
    const resource = new TeamMember(
      logicalName("TeamMember", key),
      { ...args, teamId: team?.teamId },
      entryOptions(opts, { intent, dependsOn: team ? [team] : [], previousNames: keys.slice(1).map((k) => logicalName("TeamMember", k)) }),
    );
    members.set(key, { resource, keys });
    for (const name of memberNames(m)) byName.set(name, { resource, keys: [name, ...keys.slice(1)] });
  }
  /** The member a grant names and the names it had, current first (one name when not in `members`). */
  const person = (who: string) => byName.get(whoKey(who)) ?? { resource: undefined, keys: [whoKey(who)] };

  /** The template and line lists that are authoritative: they remove their users before the member list removes people from the team (the service refuses to take a grant from someone no longer on it). */
  const grantSets: pulumi.Resource[] = [];

  const apiApps: Record<string, pulumi.Output<string>> = {};
  const oauthSecrets: Record<string, pulumi.Output<string | undefined>> = {};
  for (const entry of account.apiApps ?? []) {
    const { previousKeys, intent, args } = split(entry);
    const { key: _key, ...inputs } = args;
    const key = appKey(entry);
    const app = new ApiApp(logicalName("ApiApp", key), inputs, entryOptions(opts, { intent, previousNames: previousKeys.map((k) => logicalName("ApiApp", k)) }));
    apiApps[key] = app.clientId;
    if (entry.oauth) oauthSecrets[key] = pulumi.secret(app.oauthSecret);
  }

  const templates: Record<string, pulumi.Output<string>> = {};
  for (const entry of account.templates ?? []) {
    const { previousKeys, intent, args } = split(entry);
    const { key, access, ...inputs } = args;
    const keys = [key, ...previousKeys];
    // The file's structure is looser than the inputs (signerRoles may be missing): the
    // resource's own check reports what is wrong, in the words a preview uses.
    const template = new Template(logicalName("Template", key), inputs as TemplateArgs, entryOptions(opts, { intent, previousNames: previousKeys.map((k) => logicalName("Template", k)) }));
    templates[key] = template.templateId;
    const grants: pulumi.Resource[] = [];
    for (const who of access ?? []) {
      const { resource: member, keys: whoKeys } = person(who);
      const grant = new TemplateAccess(
        logicalName("TemplateAccess", key, whoKey(who)),
        { templateId: template.templateId, ...whoArgs(who) },
        entryOptions(opts, {
          dependsOn: [template, ...(member ? [member] : [])],
          previousNames: grantNames("TemplateAccess", keys, whoKeys),
        }),
      );
      grants.push(grant);
    }
    if (authoritative.has("templates.access")) {
      grantSets.push(
        new TemplateAccessSet(
          logicalName("TemplateAccessSet", key),
          { templateId: entry.templateId ?? template.templateId, users: (access ?? []).map(whoKey), ...setArgs("templates.access") },
          entryOptions(opts, { dependsOn: [template, ...grants], previousNames: previousKeys.map((k) => logicalName("TemplateAccessSet", k)) }),
        ),
      );
    }
  }

  const faxLines: Record<string, pulumi.Output<string>> = {};
  for (const entry of account.faxLines ?? []) {
    const { previousKeys, intent, args } = split(entry);
    const { key, users, ...inputs } = args;
    const keys = [key, ...previousKeys];
    // Replacing or deleting a line releases its number for good: protected unless the entry says otherwise.
    const line = new FaxLine(logicalName("FaxLine", key), inputs, entryOptions(opts, { intent, defaultProtect: true, previousNames: previousKeys.map((k) => logicalName("FaxLine", k)) }));
    faxLines[key] = line.number;
    const lineUsers: pulumi.Resource[] = [];
    for (const who of users ?? []) {
      const { resource: member, keys: whoKeys } = person(who);
      const user = new FaxLineUser(
        logicalName("FaxLineUser", key, whoKey(who)),
        { number: line.number, ...whoArgs(who) },
        entryOptions(opts, {
          dependsOn: [line, ...(member ? [member] : [])],
          previousNames: grantNames("FaxLineUser", keys, whoKeys),
        }),
      );
      lineUsers.push(user);
    }
    if (authoritative.has("faxLines.users")) {
      grantSets.push(
        new FaxLineUserSet(
          logicalName("FaxLineUserSet", key),
          { number: entry.number ?? line.number, users: (users ?? []).map(whoKey), ...setArgs("faxLines.users") },
          entryOptions(opts, { dependsOn: [line, ...lineUsers], previousNames: previousKeys.map((k) => logicalName("FaxLineUserSet", k)) }),
        ),
      );
    }
  }

  if (authoritative.has("members")) {
    // After every member entry (the whole list is in place before anyone is removed) and after the grant lists.
    new TeamMemberSet(
      logicalName("TeamMemberSet"),
      { teamId: team?.teamId, members: (account.members ?? []).map(memberKey), ...setArgs("members") },
      entryOptions(opts, { dependsOn: [...(team ? [team] : []), ...[...members.values()].map((m) => m.resource), ...grantSets] }),
    );
  }

  return {
    teamId: team?.teamId,
    members: Object.fromEntries([...members].map(([k, m]) => [k, m.resource.status])),
    apiApps,
    oauthSecrets,
    templates,
    faxLines,
  };
}
