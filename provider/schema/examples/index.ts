/** Resource type name -> its usage examples (one per resource today). */
import { apiAppExamples } from "./api-app";
import { faxLineExamples } from "./fax-line";
import { faxLineUserExamples } from "./fax-line-user";
import { teamExamples } from "./team";
import { teamMemberExamples } from "./team-member";
import { templateExamples } from "./template";
import { templateAccessExamples } from "./template-access";
import type { Example } from "./types";

export type { Example } from "./types";

export const resourceExamples: Record<string, Example[]> = {
  ApiApp: apiAppExamples,
  Team: teamExamples,
  TeamMember: teamMemberExamples,
  Template: templateExamples,
  TemplateAccess: templateAccessExamples,
  FaxLine: faxLineExamples,
  FaxLineUser: faxLineUserExamples,
};
