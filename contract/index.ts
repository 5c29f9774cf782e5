/**
 * The interface contract as data: limits, resource and request schemas (zod 4), the
 * operation table and validation. No I/O. Stable exports used by client/, service/ and
 * resources/ (keep these names):
 *
 * - `limits` and every named limit constant (`MESSAGE_MAX_LENGTH`, `PAGE_SIZE_MAX`, ...): limits.ts
 * - enums: `TEAM_ROLES`, `FAX_COUNTRIES`, `REPORT_TYPES`, `OAUTH_SCOPES`, `DETECTION_MODES`,
 *   `FORM_FIELD_TYPES`, `WHITE_LABELING_COLOR_KEYS`, `LEGAL_VERSIONS`, ...: enums.ts
 * - resource (response) schemas: `apiAppSchema`, `teamSchema`, `teamInfoSchema`, `teamMemberSchema`,
 *   `subTeamSchema`, `teamInviteSchema`, `accountSchema`, `faxLineSchema`, `faxSchema`,
 *   `templateSchema`, `templateDraftSchema`, `signatureRequestSchema`, `unclaimedDraftSchema`,
 *   `detectionResultSchema`, `reportSchema`, `embeddedEditUrlSchema`, `fileUrlSchema`, `listInfoSchema`,
 *   `warningsSchema`, `errorEnvelopeSchema`, ...
 * - request schemas, one per operation part: `apiAppCreateBody`, `teamAddMemberBody`,
 *   `teamAddMemberQuery`, `faxLineAreaCodesQuery`, ... (also reachable as
 *   `operations[id].body / .query / .params`)
 * - `operations` (keyed by `OperationId`, e.g. "api_app.create"), `operationIds`, `operation(id)`,
 *   types `OperationSpec`, `ResponseSpec`, `RateTier`, `AuthMode`, `HttpMethod`
 * - `responseEnvelope(id)`: zod schema of a whole success body
 * - `validate(schema, value)` -> `{ ok: true, value } | { ok: false, issues: { path, message }[] }`
 * - `validateRequest(id, { params?, query?, body? }, { source?: "json" | "form" })`:
 *   path/query values are always coerced from strings, the body only with source "form"
 *   (booleans from 1/0/true/false, integers from digits, arrays/objects from JSON strings,
 *   a single value for an array field becomes a one-item array). Uploaded files must be
 *   handed over as `FileUpload` objects `{ filename, content: Uint8Array, contentType? }`.
 * - `coerceFormValue(schema, value)`, `isFileUpload`, `parseReportDate`, `PAGE_RANGE_PATTERN`
 * - resource types `ApiApp`, `Team`, `TeamInfo`, `TeamMember`, `SubTeam`, `TeamInvite`, `FaxLine`,
 *   `Fax`, `Template`, `TemplateDraft`, `SignatureRequest`, `UnclaimedDraft`, `DetectionResult`,
 *   `Report`, `Account`, `EmbeddedEditUrl`, `FileUrl`, `ErrorEnvelope`
 * - types `BodyOf<Id>`, `QueryOf<Id>`, `ParamsOf<Id>`, `ResultOf<Id>`, `ListPage<T>`,
 *   `ValidationIssue`, `ValidationResult<T>`, `FileUpload`
 */
export * from "./limits";
export * from "./enums";
export * from "./primitives";
export * from "./resources-account";
export * from "./resources-documents";
export * from "./requests/shared";
export * from "./requests/account";
export * from "./requests/api-app";
export * from "./requests/team";
export * from "./requests/template";
export * from "./requests/signature-request";
export * from "./requests/unclaimed-draft";
export * from "./requests/detection";
export * from "./requests/fax";
export * from "./requests/report";
export * from "./operation-types";
export * from "./operations";
export * from "./envelopes";
export * from "./coerce";
export * from "./validate";
export * from "./unknown-keys";
export * from "./types";
