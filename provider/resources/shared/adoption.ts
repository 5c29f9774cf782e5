/**
 * Announcing an adoption: a create that takes over an object which already exists instead of
 * making one. Adoption only happens when the program asks (ApiApp `clientId` or `adopt: true`,
 * Team `adopt: true`, Template `templateId`, FaxLine `number`) or for a membership or grant,
 * which is a fact about a person rather than an object with an id: one already in place is
 * taken over. Either way the user sees one engine warning naming the object and how it was
 * asked for, since from then on this stack manages it and a destroy removes it (DECISIONS D35).
 */
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
