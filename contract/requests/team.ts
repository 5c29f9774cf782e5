/** Requests of the team operations (team.get / info / create / update / destroy / members ...). */
import { z } from "zod";
import * as L from "../limits";
import { TEAM_ROLES, oneOf } from "../enums";
import { emailAddress, id, oneRequired, pageQuery } from "../primitives";

const teamName = z.string().min(1, { error: "must not be empty" });

export const teamCreateBody = z.object({ name: teamName.default(L.TEAM_DEFAULT_NAME) });
/** TeamUpdateRequest: `name` is optional; without it the team is answered unchanged. */
export const teamUpdateBody = z.object({ name: teamName.optional() });
export const teamInfoQuery = z.object({ team_id: id().optional() });
export const teamInvitesQuery = z.object({ email_address: emailAddress().optional() });

/** account_id or email_address, one required; the account id prevails. */
export const teamAddMemberBody = z
  .object({
    account_id: id().optional(),
    email_address: emailAddress().optional(),
    role: oneOf(TEAM_ROLES).optional(),
  })
  .superRefine(oneRequired("account_id", "email_address"));
export const teamAddMemberQuery = z.object({ team_id: id().optional() });

export const teamRemoveMemberBody = z
  .object({
    account_id: id().optional(),
    email_address: emailAddress().optional(),
    new_owner_email_address: emailAddress().optional(),
    new_team_id: id().optional(),
    new_role: oneOf(TEAM_ROLES).optional(),
  })
  .superRefine(oneRequired("account_id", "email_address"));

export const teamIdParams = z.object({ team_id: id() });
export const teamListQuery = z.object({ ...pageQuery });
