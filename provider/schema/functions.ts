/**
 * The lookup functions (native plugin `invoke`, provider/native/lookups.ts). Those that find a
 * managed kind of object answer with that resource's outputs (generate.ts copies them from the
 * resource's description), so a lookup and a resource never describe one object twice. Their
 * inputs and own outputs are zod, as a resource's are.
 */
import { z } from "zod";
import { propSpecsOf, requiredKeys, type PropsSchema } from "./from-zod";
import type { FunctionSpec, PropSpec } from "./spec";

/** A lookup as it is declared: its inputs (and its own outputs) in zod, like a resource's. */
interface LookupDeclaration {
  description: string;
  inputs: PropsSchema;
  /** The resource whose outputs the lookup returns, or its own outputs. */
  resource?: string;
  outputs?: PropsSchema;
}

/** A lookup as the schema reads it (generate.ts). */
export interface LookupSpec {
  description: string;
  inputs: Record<string, PropSpec>;
  requiredInputs?: string[];
  resource?: string;
  outputs?: FunctionSpec["outputs"];
  requiredOutputs?: string[];
}

const text = (description: string) => z.string().optional().describe(description);

const lookups: Record<string, LookupDeclaration> = {
  getAccount: {
    description: "The account the provider's API key acts for (GET /account).",
    inputs: z.object({}),
    outputs: z.object({
      accountId: z.string().describe("The account id."),
      emailAddress: text("The account's e-mail address."),
      isLocked: z.boolean().optional().describe("Whether the account is locked."),
      isPaidHs: z.boolean().optional().describe("Whether the account has a paid signature plan."),
      isPaidHf: z.boolean().optional().describe("Whether the account has a paid fax plan."),
      roleCode: text("The account's role code on its team."),
      teamId: text("The account's team, if any."),
      callbackUrl: text("The account's callback URL."),
    }),
  },
  getTeam: {
    description: "The caller's team (GET /team/info); fails when the caller is on no team.",
    inputs: z.object({}),
    outputs: z.object({
      teamId: z.string().describe("The team id."),
      name: z.string().describe("The team's name."),
      numMembers: z.int().optional().describe("How many members the team has."),
      numSubTeams: z.int().optional().describe("How many sub-teams the team has."),
    }),
  },
  getTemplate: {
    description: "A template by `templateId` (GET /template/{id}) or by exact `title` (the template list, then that template); exactly one must match.",
    inputs: z.object({ templateId: text("The template id."), title: text("The template's exact title.") }),
    resource: "Template",
  },
  getApiApp: {
    description: "An API app by `clientId` or by exact `name` (the app list, 100 a page); exactly one must match.",
    inputs: z.object({ clientId: text("The app's client id."), name: text("The app's exact name.") }),
    resource: "ApiApp",
  },
  getFaxLine: {
    description: "A fax line by its number (GET /fax_line).",
    inputs: z.object({ number: z.string().describe("The fax number.") }),
    resource: "FaxLine",
  },
};

/** The required keys, when there are any (the schema states no empty list). */
const someRequired = (schema: PropsSchema) => {
  const keys = requiredKeys(schema);
  return keys.length ? keys : undefined;
};

function specOf(name: string, l: LookupDeclaration): LookupSpec {
  return {
    description: l.description,
    inputs: propSpecsOf(l.inputs, name),
    requiredInputs: someRequired(l.inputs),
    resource: l.resource,
    outputs: l.outputs && propSpecsOf(l.outputs, name),
    requiredOutputs: l.outputs && someRequired(l.outputs),
  };
}

export const lookupSpecs: Record<string, LookupSpec> = Object.fromEntries(Object.entries(lookups).map(([name, l]) => [name, specOf(name, l)]));
