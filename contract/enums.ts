/** Closed value sets of the interface (spec + service-api-facts), as const arrays and zod enums. */
import { z } from "zod";

export const TEAM_ROLES = ["Member", "Developer", "Team Manager", "Admin"] as const;
export const FAX_COUNTRIES = ["CA", "US", "UK"] as const;
export const DETECTION_MODES = ["annotations", "text_tags"] as const;
export const REPORT_TYPES = ["user_activity", "document_status", "sms_activity"] as const;
export const OAUTH_SCOPES = ["request_signature", "basic_account_info", "account_access", "signature_request_access", "template_access", "team_access", "api_app_access", ""] as const;
export const FORM_FIELD_TYPES = ["text", "dropdown", "hyperlink", "checkbox", "radio", "signature", "date_signed", "initials", "text-merge", "checkbox-merge"] as const;
export const MERGE_FIELD_TYPES = ["text", "checkbox"] as const;
export const SIGNATURE_TYPES = ["draw", "phone", "type", "upload"] as const;
export const UNCLAIMED_DRAFT_TYPES = ["send_document", "request_signature"] as const;
export const LEGAL_VERSIONS = ["terms1", "terms2"] as const;
export const SIGNER_EXPERIENCE_FORM_VIEWS = ["disabled", "enabled", "enabled_by_default", "forced"] as const;
export const TEMPLATE_FILE_TYPES = ["pdf", "zip"] as const;
/** Colour keys of white_labeling_options (each a hex colour). */
export const WHITE_LABELING_COLOR_KEYS = [
  "header_background_color",
  "link_color",
  "page_background_color",
  "primary_button_color",
  "primary_button_color_hover",
  "primary_button_text_color",
  "primary_button_text_color_hover",
  "secondary_button_color",
  "secondary_button_color_hover",
  "secondary_button_text_color",
  "secondary_button_text_color_hover",
  "text_color1",
  "text_color2",
] as const;
export const US_STATES = [
  "AK",
  "AL",
  "AR",
  "AZ",
  "CA",
  "CO",
  "CT",
  "DC",
  "DE",
  "FL",
  "GA",
  "HI",
  "IA",
  "ID",
  "IL",
  "IN",
  "KS",
  "KY",
  "LA",
  "MA",
  "MD",
  "ME",
  "MI",
  "MN",
  "MO",
  "MS",
  "MT",
  "NC",
  "ND",
  "NE",
  "NH",
  "NJ",
  "NM",
  "NV",
  "NY",
  "OH",
  "OK",
  "OR",
  "PA",
  "RI",
  "SC",
  "SD",
  "TN",
  "TX",
  "UT",
  "VA",
  "VT",
  "WA",
  "WI",
  "WV",
  "WY",
] as const;
export const CA_PROVINCES = ["AB", "BC", "MB", "NB", "NL", "NT", "NS", "NU", "ON", "PE", "QC", "SK", "YT"] as const;

/** A zod enum whose error message lists the allowed values. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: `must be one of ${values.map((v) => (v === "" ? '""' : v)).join(", ")}` });
}

export type TeamRole = (typeof TEAM_ROLES)[number];

/**
 * role -> role_code of team accounts in GET /team ("a" admin, "m" member are the codes seen on
 * the real service; "d" and "t" are the emulator's). A reader that meets another code falls
 * back to the member list, which names roles in full.
 */
export const TEAM_ROLE_CODES: Record<TeamRole, string> = { Admin: "a", Member: "m", Developer: "d", "Team Manager": "t" };
export type FaxCountry = (typeof FAX_COUNTRIES)[number];
export type ReportType = (typeof REPORT_TYPES)[number];
export type OAuthScope = (typeof OAUTH_SCOPES)[number];
