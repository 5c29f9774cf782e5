/**
 * The lookup functions (native plugin `invoke`, provider/native/lookups.ts). Those that find a
 * managed kind of object answer with that resource's outputs (generate.ts copies them from the
 * resource's description), so a lookup and a resource never describe one object twice.
 */
import type { FunctionSpec, PropSpec } from "./spec";

export interface LookupSpec {
  description: string;
  inputs: Record<string, PropSpec>;
  requiredInputs?: string[];
  /** The resource whose outputs the lookup returns, or its own outputs. */
  resource?: string;
  outputs?: FunctionSpec["outputs"];
  requiredOutputs?: string[];
}

export const lookupSpecs: Record<string, LookupSpec> = {
  getAccount: {
    description: "The account the provider's API key acts for (GET /account).",
    inputs: {},
    outputs: {
      accountId: { type: "string", description: "The account id." },
      emailAddress: { type: "string", description: "The account's e-mail address." },
      isLocked: { type: "boolean", description: "Whether the account is locked." },
      isPaidHs: { type: "boolean", description: "Whether the account has a paid signature plan." },
      isPaidHf: { type: "boolean", description: "Whether the account has a paid fax plan." },
      roleCode: { type: "string", description: "The account's role code on its team." },
      teamId: { type: "string", description: "The account's team, if any." },
      callbackUrl: { type: "string", description: "The account's callback URL." },
    },
    requiredOutputs: ["accountId"],
  },
  getTeam: {
    description: "The caller's team (GET /team/info); fails when the caller is on no team.",
    inputs: {},
    outputs: {
      teamId: { type: "string", description: "The team id." },
      name: { type: "string", description: "The team's name." },
      numMembers: { type: "integer", description: "How many members the team has." },
      numSubTeams: { type: "integer", description: "How many sub-teams the team has." },
    },
    requiredOutputs: ["teamId", "name"],
  },
  getTemplate: {
    description: "A template by `templateId` (GET /template/{id}) or by exact `title` (the template list, then that template); exactly one must match.",
    inputs: {
      templateId: { type: "string", description: "The template id." },
      title: { type: "string", description: "The template's exact title." },
    },
    resource: "Template",
  },
  getApiApp: {
    description: "An API app by `clientId` or by exact `name` (the app list, 100 a page); exactly one must match.",
    inputs: {
      clientId: { type: "string", description: "The app's client id." },
      name: { type: "string", description: "The app's exact name." },
    },
    resource: "ApiApp",
  },
  getFaxLine: {
    description: "A fax line by its number (GET /fax_line).",
    inputs: {
      number: { type: "string", description: "The fax number." },
    },
    requiredInputs: ["number"],
    resource: "FaxLine",
  },
};
