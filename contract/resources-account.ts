/**
 * Response schemas: envelope pieces, accounts, API apps, teams. Responses keep unknown keys
 * (z.looseObject) and accept null wherever the spec says a field may be empty, so a newer
 * service never breaks an older client.
 */
import { z } from "zod";
import { objectOrJsonText, withDomains } from "./resources-tolerant";

const str = () => z.string().nullable();
const int = () => z.number().int().nullable();
const bool = () => z.boolean().nullable();

export const warningSchema = z.looseObject({ warning_msg: z.string(), warning_name: z.string() });
/** Usually an array; a single object on fax line responses (a quirk of the spec). */
export const warningsSchema = z.union([z.array(warningSchema), warningSchema]);

export const listInfoSchema = z.looseObject({
  page: z.number().int(),
  num_pages: z.number().int(),
  num_results: int().optional(),
  page_size: z.number().int(),
});

export const errorBodySchema = z.looseObject({
  error_msg: z.string(),
  error_name: z.string(),
  error_path: z.string().nullable().optional(),
});
/** The error envelope of every 4xx: {"error": {error_msg, error_name, error_path?}}. */
export const errorEnvelopeSchema = z.looseObject({ error: errorBodySchema });

export const quotasSchema = z.looseObject({
  templates_left: int().optional(),
  documents_left: int().optional(),
  api_signature_requests_left: int().optional(),
  sms_verifications_left: int().optional(),
});

/** Account summary (team accounts add role_code; fax line accounts lack quotas). */
export const accountSchema = z.looseObject({
  account_id: z.string(),
  email_address: str().optional(),
  is_locked: bool().optional(),
  is_paid_hs: bool().optional(),
  is_paid_hf: bool().optional(),
  quotas: quotasSchema.nullable().optional(),
  role_code: str().optional(),
  team_id: str().optional(),
  callback_url: str().optional(),
});

export const apiAppOAuthSchema = z.looseObject({
  callback_url: str().optional(),
  scopes: z.array(z.string()).nullable().optional(),
  secret: str().optional(),
  charges_users: bool().optional(),
});

/** An API app; the recorded `domain` key and string white_labeling_options are read as the spec's forms (resources-tolerant.ts). */
export const apiAppSchema = z.preprocess(
  withDomains,
  z.looseObject({
    client_id: z.string(),
    name: str().optional(),
    callback_url: str().optional(),
    domains: z.array(z.string()).nullable().optional(),
    created_at: int().optional(),
    is_approved: bool().optional(),
    oauth: apiAppOAuthSchema.nullable().optional(),
    options: z.looseObject({ can_insert_everywhere: bool().optional() }).nullable().optional(),
    owner_account: z.looseObject({ account_id: z.string(), email_address: str().optional() }).nullable().optional(),
    white_labeling_options: objectOrJsonText(z.looseObject({})).optional(),
  }),
);

export const teamSchema = z.looseObject({
  name: z.string(),
  accounts: z.array(accountSchema).nullable().optional(),
  invited_accounts: z.array(accountSchema).nullable().optional(),
  invited_emails: z.array(z.string()).nullable().optional(),
});

const teamRefSchema = z.looseObject({ team_id: z.string(), name: str().optional() });

/** team.info: parent is `parent_team` in the examples, `team_parent` in the schema. */
export const teamInfoSchema = z.looseObject({
  team_id: z.string(),
  name: str().optional(),
  num_members: int().optional(),
  num_sub_teams: int().optional(),
  parent_team: teamRefSchema.nullable().optional(),
  team_parent: teamRefSchema.nullable().optional(),
});

export const teamMemberSchema = z.looseObject({
  account_id: z.string(),
  email_address: str().optional(),
  role: str().optional(),
});

export const subTeamSchema = teamRefSchema;

export const teamInviteSchema = z.looseObject({
  email_address: z.string(),
  team_id: str().optional(),
  role: str().optional(),
  sent_at: int().optional(),
  redeemed_at: int().optional(),
  expires_at: int().optional(),
});

export const faxLineSchema = z.looseObject({
  number: z.string(),
  created_at: int().optional(),
  updated_at: int().optional(),
  accounts: z.array(accountSchema).nullable().optional(),
});

export const reportSchema = z.looseObject({
  success: str().optional(),
  start_date: str().optional(),
  end_date: str().optional(),
  report_type: z.array(z.string()).nullable().optional(),
});

/** template.files_as_file_url: a temporary download URL (not wrapped in a key). */
export const fileUrlSchema = z.looseObject({ file_url: z.string(), expires_at: int().optional() });

export const embeddedEditUrlSchema = z.looseObject({ edit_url: z.string(), expires_at: int().optional() });
