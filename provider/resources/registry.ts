/** Resource type name -> implementation, for the runtime (provider/runtime.ts). */
import { apiAppImpl } from "./api-app";
import { faxLineImpl } from "./fax-line";
import { faxLineUserImpl } from "./fax-line-user";
import type { ResourceImpl } from "../core/resource";
import { teamImpl } from "./team";
import { teamMemberImpl } from "./team-member";
import { templateImpl } from "./template";
import { templateAccessImpl } from "./template-access";

export const registry: Record<string, ResourceImpl> = {
  ApiApp: apiAppImpl,
  Team: teamImpl,
  TeamMember: teamMemberImpl,
  Template: templateImpl,
  TemplateAccess: templateAccessImpl,
  FaxLine: faxLineImpl,
  FaxLineUser: faxLineUserImpl,
};
