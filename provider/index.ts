/**
 * pulumi-esign: declarative resources for an electronic-signature account (Dropbox Sign v3).
 *
 *   import * as esign from "pulumi-esign";
 *   const team = new esign.Team("team", { name: "Ops" });
 *   new esign.TeamMember("alice", { teamId: team.teamId, emailAddress: "alice@example.com", role: "Admin" });
 *
 * Credentials: ESIGN_API_KEY (kept out of state) or `pulumi config set esign:apiKey --secret`
 * (which the engine records, encrypted, as the default provider's inputs in state), and
 * `esign:baseUrl` (or ESIGN_BASE_URL), read at run time; no resource's state holds them.
 */
export { ApiApp, ApiAppArgs } from "./resources/api-app/resource";
export { Team, TeamArgs } from "./resources/team/resource";
export { TeamMember, TeamMemberArgs } from "./resources/team-member/resource";
export { Template, TemplateArgs } from "./resources/template/resource";
export { TemplateAccess, TemplateAccessArgs } from "./resources/template-access/resource";
export { FaxLine, FaxLineArgs } from "./resources/fax-line/resource";
export { FaxLineUser, FaxLineUserArgs } from "./resources/fax-line-user/resource";
export { AccountFileError, deployAccount, loadAccountFile, parseAccountFile, type AccountFile } from "./account-file";
