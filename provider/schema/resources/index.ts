/** Resource type name (as in resources/registry.ts) -> its schema description. */
import type { ResourceSpec } from "../spec";
import { apiAppSpec } from "./api-app";
import { faxLineSpec } from "./fax-line";
import { faxLineUserSpec } from "./fax-line-user";
import { teamSpec } from "./team";
import { teamMemberSpec } from "./team-member";
import { templateSpec } from "./template";
import { templateAccessSpec } from "./template-access";

export const resourceSpecs: Record<string, ResourceSpec> = {
  ApiApp: apiAppSpec,
  Team: teamSpec,
  TeamMember: teamMemberSpec,
  Template: templateSpec,
  TemplateAccess: templateAccessSpec,
  FaxLine: faxLineSpec,
  FaxLineUser: faxLineUserSpec,
};
