/**
 * @module service/http/limits
 * The local service's own bounds on request parsing. They are not limits of the API (those
 * live in contract/limits.ts); they keep the work one request can cause bounded and
 * linear, so no request can stall or crash the process. docs/local-service.md lists them.
 */

/** JSON (a body, or a JSON string inside a form field) may nest at most this deep. */
export const MAX_JSON_DEPTH = 64;
/** A form body or query string may carry at most this many fields. */
export const MAX_FORM_FIELDS = 10_000;
/** A bracket index (`signers[12]`) must be a plain decimal below this (a dense array of every field at most). */
export const MAX_FORM_INDEX = MAX_FORM_FIELDS;
/** A field name may be at most this long and nest at most MAX_FORM_NESTING brackets deep. */
export const MAX_FIELD_NAME_LENGTH = 256;
export const MAX_FORM_NESTING = 8;
/**
 * Everything that is not a file (a JSON body, an urlencoded body, the text parts of a
 * multipart body) is at most 2 MiB, so that a page of 100 stored records stays far below the
 * largest string a reply can be; files may use the rest of maxBodyBytes (50 MB).
 */
export const MAX_STRUCTURED_BYTES = 2 * 1024 * 1024;
