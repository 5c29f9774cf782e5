/** Every resource's definition (resources/define.ts), by kind, in the schema's order. */
import { idPair, personOf } from "../core/import-id";
import { apiAppExamples } from "../schema/examples/api-app";
import { faxLineExamples } from "../schema/examples/fax-line";
import { faxLineUserExamples } from "../schema/examples/fax-line-user";
import { teamExamples } from "../schema/examples/team";
import { teamMemberExamples } from "../schema/examples/team-member";
import { templateExamples } from "../schema/examples/template";
import { templateAccessExamples } from "../schema/examples/template-access";
import { apiAppSpec } from "../schema/resources/api-app";
import { faxLineSpec } from "../schema/resources/fax-line";
import { faxLineUserSpec } from "../schema/resources/fax-line-user";
import { teamSpec } from "../schema/resources/team";
import { teamMemberSpec } from "../schema/resources/team-member";
import { templateSpec } from "../schema/resources/template";
import { templateAccessSpec } from "../schema/resources/template-access";
import { apiAppImpl } from "./api-app";
import { defineResource } from "./define";
import { faxLineImpl } from "./fax-line";
import { faxLineUserImpl } from "./fax-line-user";
import { teamImpl } from "./team";
import { teamMemberImpl } from "./team-member";
import { templateImpl } from "./template";
import { templateAccessImpl } from "./template-access";

export const definitions = {
  ApiApp: defineResource({ kind: "ApiApp", impl: apiAppImpl, spec: apiAppSpec, examples: apiAppExamples }),
  Team: defineResource({ kind: "Team", impl: teamImpl, spec: teamSpec, examples: teamExamples }),
  TeamMember: defineResource({
    kind: "TeamMember", impl: teamMemberImpl, spec: teamMemberSpec, examples: teamMemberExamples,
    propsFromId: (id) => {
      const [teamId, person] = idPair("TeamMember", id, "<teamId>/<accountId or emailAddress>");
      return { teamId, ...personOf(person) };
    },
  }),
  Template: defineResource({ kind: "Template", impl: templateImpl, spec: templateSpec, examples: templateExamples }),
  TemplateAccess: defineResource({
    kind: "TemplateAccess", impl: templateAccessImpl, spec: templateAccessSpec, examples: templateAccessExamples,
    propsFromId: (id) => {
      const [templateId, person] = idPair("TemplateAccess", id, "<templateId>/<accountId>");
      return { templateId, ...personOf(person) };
    },
  }),
  FaxLine: defineResource({ kind: "FaxLine", impl: faxLineImpl, spec: faxLineSpec, examples: faxLineExamples }),
  FaxLineUser: defineResource({
    kind: "FaxLineUser", impl: faxLineUserImpl, spec: faxLineUserSpec, examples: faxLineUserExamples,
    propsFromId: (id) => {
      const [number, person] = idPair("FaxLineUser", id, "<number>/<accountId>");
      return { number, ...personOf(person) };
    },
  }),
};

/** A resource's kind: `ApiApp`, `Team`, ... */
export type Kind = keyof typeof definitions;

/** Every definition, in the schema's order. */
export const allDefinitions = Object.values(definitions);

/** Builds a table by kind from each definition, in the schema's order. */
export function byKind<T>(pick: (d: (typeof allDefinitions)[number]) => T): Record<string, T> {
  return Object.fromEntries(allDefinitions.map((d) => [d.kind, pick(d)]));
}
