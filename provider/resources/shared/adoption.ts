/**
 * Announcing an adoption: a create that takes over an object which already exists instead of
 * making one. Adoption only happens when the program asks (ApiApp `clientId` or `adopt: true`,
 * Team `adopt: true`, Template `templateId`, FaxLine `number`) or for a membership or grant,
 * which is a fact about a person rather than an object with an id: one already in place is
 * taken over. Either way the user sees one engine warning naming the object and how it was
 * asked for, since from then on this stack manages it and a destroy removes it (DECISIONS D35).
 */
import { RunError } from "@pulumi/pulumi";
import type { ProviderContext } from "../../deployment/context";

export interface Adoption {
  /** The resource type: ApiApp, TeamMember, TemplateAccess, ... */
  type: string;
  /** The object, as a person would name it: `API app "Portal" (client id 1a2b...)`. */
  object: string;
  /** How it was asked for: `clientId was given`, `already on the team`, ... */
  how: string;
}

/** The one line, without the `esign:` prefix the engine log adds. */
export function adoptionMessage(a: Adoption): string {
  return `${a.type} adopted ${a.object} (${a.how}); this stack now manages it and destroying the resource removes it`;
}

/** An engine warning (`warning: esign: ...`; stderr without an engine). */
export function announceAdoption(ctx: ProviderContext, a: Adoption): Promise<void> {
  return ctx.warn(adoptionMessage(a));
}

/** How each resource takes over an existing object, given that object's id (the docs' "Adopt with"). */
export const ADOPT_WITH: Record<string, (id: string) => string> = {
  ApiApp: (id) => `clientId: "${id}" (or adopt: true, to match your app by name and domains)`,
  Team: () => "adopt: true",
  TeamMember: () => "nothing: a member already on the team is taken over, with a warning",
  Template: (id) => `templateId: "${id}"`,
  TemplateAccess: () => "nothing: access already granted is taken over, with a warning",
  FaxLine: (id) => `number: "${id}"`,
  FaxLineUser: () => "nothing: a user already on the line is taken over, with a warning",
};

/**
 * `{ import: id }` on a dynamic resource fails deep in the engine (pulumi/pulumi#16175): a
 * TypeError with a gRPC stack. Refused at program time instead, as a RunError (the SDK prints
 * its message alone), pointing to the resource's own way of adopting.
 */
export class ImportNotSupportedError extends RunError {
  constructor(type: string, name: string, id: string) {
    const how = ADOPT_WITH[type]?.(id) ?? "its adopt input";
    super(`esign:${type} "${name}": { import: "${id}" } is not supported for esign resources (dynamic providers cannot import); ` +
      `to take over the existing object give ${how}, or write the whole account with \`esign export\` (docs/README.md#adoption)`);
    this.name = "ImportNotSupportedError";
  }
}
