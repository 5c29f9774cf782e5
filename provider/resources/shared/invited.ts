/**
 * Grants (template access, fax line use) for a person whose team invitation is still open.
 *
 * The service refuses such a grant ("... is not a member of your team" here, 403 "Account does
 * not belong to your team." from the real one) until the person
 * accepts, which on the real service happens hours later. A new hire's pull request (invite +
 * grants) would then fail half-way. Instead the grant is recorded with `status: "pending"` and
 * a warning naming the person and what waits for them. Refresh keeps a pending grant while the
 * invitation is open and reports it gone once the person has joined, so the next
 * `pulumi up --refresh --run-program` creates it, this time for real.
 */
import { isEsignApiError } from "../../client/errors";
import type { TeamPerson } from "./people";
import { resolveTeamId, teamPeople } from "./team-people";
import type { ProviderContext } from "../../deployment/context";
import { findPerson, type PersonInput } from "./membership";
import { isNotFound } from "../../core/resource";

export type GrantStatus = "granted" | "pending";

/** The person's open invitation to the caller's team, if they have one. */
export async function openInvitation(ctx: ProviderContext, who: PersonInput): Promise<TeamPerson | undefined> {
  let teamId: string;
  try {
    teamId = await resolveTeamId(ctx, {});
  } catch (error) {
    if (isNotFound(error)) return undefined; // no team, so no invitation
    throw error;
  }
  const person = findPerson(await teamPeople(ctx, teamId), who);
  return person?.status === "invited" ? person : undefined;
}

/**
 * Runs `grant`; when the service refuses it because `who` has not accepted the team
 * invitation yet, warns and returns the invitation instead. Other failures are thrown.
 */
export async function grantUnlessInvited<T>(ctx: ProviderContext, who: PersonInput, what: string, grant: () => Promise<T>): Promise<{ granted: T } | { invited: TeamPerson }> {
  try {
    return { granted: await grant() };
  } catch (error) {
    // 400 and 404 from the local service; the real one answers 403 forbidden "Account does not
    // belong to your team." for a pending invitee (real-service-evidence.md §4, live test 2020).
    if (!isEsignApiError(error) || ![400, 403, 404].includes(error.status)) throw error;
    const invited = await openInvitation(ctx, who);
    if (!invited) throw error;
    const name = invited.emailAddress || who.emailAddress || who.accountId;
    await ctx.warn(`${what} for ${name} is pending: ${name} has not accepted the invitation to the team yet. ` + "Run `pulumi up --refresh --run-program` after they accept; it grants it.");
    return { invited };
  }
}
