/**
 * The spec's Limits table (and the limits service-api-facts adds) as named constants.
 * This is the only place a number of the interface is written down: schemas, client,
 * service and docs import from here.
 */

/** metadata: at most 10 top-level keys, 50 keys counting nested ones. */
export const METADATA_MAX_KEYS = 10;
export const METADATA_MAX_NESTED_KEYS = 50;
/** metadata key names up to 40 characters. */
export const METADATA_KEY_MAX_LENGTH = 40;
/** metadata values up to 1000 characters (numbers are counted as their text). */
export const METADATA_VALUE_MAX_LENGTH = 1000;

/** message: up to 5000 characters on every endpoint that takes one. */
export const MESSAGE_MAX_LENGTH = 5000;
/** subject on signature_request.edit and unclaimed_draft.create_embedded_with_template. */
export const SUBJECT_MAX_LENGTH = 255;
/** subject on template create / create_embedded_draft / update, unclaimed_draft create and create_embedded. */
export const SUBJECT_SHORT_MAX_LENGTH = 200;
/** subject on template.update_files. */
export const UPDATE_FILES_SUBJECT_MAX_LENGTH = 100;
/** title on signature_request.edit and unclaimed_draft.create_embedded_with_template. */
export const TITLE_MAX_LENGTH = 255;

/** domains on an API app: at least 1 on create, at most 10 always. */
export const API_APP_DOMAINS_MIN = 1;
export const API_APP_DOMAINS_MAX = 10;

/** white_labeling_options: each text colour against its button colour, at least this contrast ratio (S9: "less than minimum 2.1"). */
export const WHITE_LABELING_MIN_CONTRAST_RATIO = 2.1;

/** Pagination: page is 1-based; page_size 1..100, default 20. */
export const PAGE_MIN = 1;
export const PAGE_DEFAULT = 1;
export const PAGE_SIZE_MIN = 1;
export const PAGE_SIZE_MAX = 100;
export const PAGE_SIZE_DEFAULT = 20;

/** Report: range up to 12 months, start at most 10 years back, 1..2 report types. */
export const REPORT_MAX_RANGE_MONTHS = 12;
export const REPORT_MAX_START_YEARS_BACK = 10;
export const REPORT_TYPE_MIN_ITEMS = 1;
export const REPORT_TYPE_MAX_ITEMS = 2;

/** is_eid: only with one signer. */
export const EID_MAX_SIGNERS = 1;

/** Draft/signature request expires_at: 1..90 days in the future (service-api-facts §5). */
export const EXPIRES_AT_MIN_DAYS = 1;
export const EXPIRES_AT_MAX_DAYS = 90;

/** Asynchronous template events: check the dashboard after this long without an event. */
export const TEMPLATE_EVENT_TIMEOUT_MINUTES = 60;

/**
 * Rate limits per account (service-api-facts §10; help.dropbox.com "API requests that count
 * against the limit"), requests per minute: standard, high tier, and test mode (requests with
 * test_mode, whatever their operation's tier).
 */
export const RATE_LIMIT_STANDARD_PER_MINUTE = 100;
export const RATE_LIMIT_HIGH_TIER_PER_MINUTE = 25;
export const RATE_LIMIT_TEST_MODE_PER_MINUTE = 10;

/** IDs are lowercase hex: client_id 32 characters, other ids 40 (service-api-facts §0). */
export const CLIENT_ID_LENGTH = 32;
export const OBJECT_ID_LENGTH = 40;

/** Default team name when team.create gets none. */
export const TEAM_DEFAULT_NAME = "Untitled Team";

/** "Each account can have up to four active API keys" (official docs; evidence section 9, finding 8). */
export const API_KEYS_MAX_PER_ACCOUNT = 4;

/** All of the above, for callers that prefer one object (`limits.MESSAGE_MAX_LENGTH`). */
export const limits = {
  METADATA_MAX_KEYS,
  METADATA_MAX_NESTED_KEYS,
  METADATA_KEY_MAX_LENGTH,
  METADATA_VALUE_MAX_LENGTH,
  MESSAGE_MAX_LENGTH,
  SUBJECT_MAX_LENGTH,
  SUBJECT_SHORT_MAX_LENGTH,
  UPDATE_FILES_SUBJECT_MAX_LENGTH,
  TITLE_MAX_LENGTH,
  API_APP_DOMAINS_MIN,
  API_APP_DOMAINS_MAX,
  API_KEYS_MAX_PER_ACCOUNT,
  WHITE_LABELING_MIN_CONTRAST_RATIO,
  PAGE_MIN,
  PAGE_DEFAULT,
  PAGE_SIZE_MIN,
  PAGE_SIZE_MAX,
  PAGE_SIZE_DEFAULT,
  REPORT_MAX_RANGE_MONTHS,
  REPORT_MAX_START_YEARS_BACK,
  REPORT_TYPE_MIN_ITEMS,
  REPORT_TYPE_MAX_ITEMS,
  EID_MAX_SIGNERS,
  EXPIRES_AT_MIN_DAYS,
  EXPIRES_AT_MAX_DAYS,
  TEMPLATE_EVENT_TIMEOUT_MINUTES,
  RATE_LIMIT_STANDARD_PER_MINUTE,
  RATE_LIMIT_HIGH_TIER_PER_MINUTE,
  RATE_LIMIT_TEST_MODE_PER_MINUTE,
  CLIENT_ID_LENGTH,
  OBJECT_ID_LENGTH,
  TEAM_DEFAULT_NAME,
} as const;
