/** Each resource's args, as a program writes them: from its definition's zod inputs (resources/classes.ts). */
import type { ArgsOf } from "../resources/classes";
import type { definitions } from "../resources/definitions";

export type ApiAppArgs = ArgsOf<typeof definitions.ApiApp>;
export type TeamArgs = ArgsOf<typeof definitions.Team>;
export type TeamMemberArgs = ArgsOf<typeof definitions.TeamMember>;
export type TemplateArgs = ArgsOf<typeof definitions.Template>;
export type TemplateAccessArgs = ArgsOf<typeof definitions.TemplateAccess>;
export type FaxLineArgs = ArgsOf<typeof definitions.FaxLine>;
export type FaxLineUserArgs = ArgsOf<typeof definitions.FaxLineUser>;
export type TeamMemberSetArgs = ArgsOf<typeof definitions.TeamMemberSet>;
export type TemplateAccessSetArgs = ArgsOf<typeof definitions.TemplateAccessSet>;
export type FaxLineUserSetArgs = ArgsOf<typeof definitions.FaxLineUserSet>;
