/** Every resource's definition (resources/<kind>/definition.ts), by kind, in the schema's order. */
import { apiAppDefinition } from "./api-app/definition";
import { faxLineDefinition } from "./fax-line/definition";
import { faxLineUserDefinition } from "./fax-line-user/definition";
import { teamDefinition } from "./team/definition";
import { teamMemberDefinition } from "./team-member/definition";
import { templateAccessDefinition } from "./template-access/definition";
import { templateDefinition } from "./template/definition";
import { teamMemberSetDefinition } from "./team-member-set/definition";
import { templateAccessSetDefinition } from "./template-access-set/definition";
import { faxLineUserSetDefinition } from "./fax-line-user-set/definition";

export const definitions = {
  ApiApp: apiAppDefinition,
  Team: teamDefinition,
  TeamMember: teamMemberDefinition,
  Template: templateDefinition,
  TemplateAccess: templateAccessDefinition,
  FaxLine: faxLineDefinition,
  FaxLineUser: faxLineUserDefinition,
  TeamMemberSet: teamMemberSetDefinition,
  TemplateAccessSet: templateAccessSetDefinition,
  FaxLineUserSet: faxLineUserSetDefinition,
};

/** A resource's kind: `ApiApp`, `Team`, ... */
export type Kind = keyof typeof definitions;

/** Every definition, in the schema's order. */
export const allDefinitions = Object.values(definitions);

const byName = new Map<string, (typeof allDefinitions)[number]>(allDefinitions.map((d) => [d.kind, d]));

/** The definition of a kind named by a string (a type token's kind, a message's); undefined for no kind of ours. */
export function definitionOf(kind: string | undefined): (typeof allDefinitions)[number] | undefined {
  return kind === undefined ? undefined : byName.get(kind);
}

/** The logical name the account file gives a resource of `kind` from its entry's keys: the definition's `logicalName`. */
export function logicalName(kind: Kind, ...keys: string[]): string {
  const name = definitions[kind].logicalName;
  if (!name) throw new Error(`${kind} has no entry in the account file`);
  return name(...keys);
}

/** Builds a table by kind from each definition, in the schema's order. */
export function byKind<T>(pick: (d: (typeof allDefinitions)[number]) => T): Record<string, T> {
  return Object.fromEntries(allDefinitions.map((d) => [d.kind, pick(d)]));
}
