/**
 * The operation table: every operation of the interface as data, keyed by its id
 * (`<area>.<verb>`, see ARCHITECTURE.md). The client sends requests from it, the service
 * routes and validates with it, the docs list it.
 */
import { z } from "zod";
import type { OperationSpec } from "./operation-types";
import * as A from "./resources-account";
import * as D from "./resources-documents";
import { accountGetQuery } from "./requests/account";
import * as app from "./requests/api-app";
import { detectFieldsBody } from "./requests/detection";
import * as fax from "./requests/fax";
import { reportCreateBody } from "./requests/report";
import * as sr from "./requests/signature-request";
import * as team from "./requests/team";
import * as tpl from "./requests/template";
import * as draft from "./requests/unclaimed-draft";

const resource = <S extends z.ZodType>(key: string, schema: S) => ({ kind: "resource", key, schema }) as const;
const page = <S extends z.ZodType>(key: string, schema: S, aliases?: readonly string[]) =>
  ({ kind: "list", key, schema, paginated: true, aliases }) as const;
const empty = { kind: "empty" } as const;
const OK = [200] as const;
const FILES = { files: "many" } as const;
const API_KEY = "api_key" as const;
const EITHER = "api_key_or_oauth" as const;

export const operations = {
  "account.get": { method: "GET", path: "/account", query: accountGetQuery, response: resource("account", A.accountSchema), successStatus: OK, idempotent: true, tier: "standard", auth: EITHER },

  "api_app.create": { method: "POST", path: "/api_app", body: app.apiAppCreateBody, uploads: { custom_logo_file: "one" }, response: resource("api_app", A.apiAppSchema), successStatus: [201], idempotent: false, tier: "standard", auth: EITHER },
  "api_app.get": { method: "GET", path: "/api_app/{client_id}", params: app.clientIdParams, response: resource("api_app", A.apiAppSchema), successStatus: OK, idempotent: true, tier: "standard", auth: EITHER },
  "api_app.list": { method: "GET", path: "/api_app/list", query: app.apiAppListQuery, response: page("api_apps", A.apiAppSchema), successStatus: OK, idempotent: true, tier: "standard", auth: EITHER },
  "api_app.update": { method: "PUT", path: "/api_app/{client_id}", params: app.clientIdParams, body: app.apiAppUpdateBody, uploads: { custom_logo_file: "one" }, response: resource("api_app", A.apiAppSchema), successStatus: OK, idempotent: true, tier: "standard", auth: EITHER },
  "api_app.delete": { method: "DELETE", path: "/api_app/{client_id}", params: app.clientIdParams, response: empty, successStatus: [204], idempotent: true, tier: "standard", auth: EITHER },

  "signature_request.edit": { method: "PUT", path: "/signature_request/edit/{signature_request_id}", params: sr.signatureRequestIdParams, body: sr.signatureRequestEditBody, uploads: FILES, response: resource("signature_request", D.signatureRequestSchema), successStatus: OK, idempotent: false, tier: "high", auth: EITHER },
  "signature_request.get": { method: "GET", path: "/signature_request/{signature_request_id}", params: sr.signatureRequestIdParams, response: resource("signature_request", D.signatureRequestSchema), successStatus: OK, idempotent: true, tier: "standard", auth: EITHER },
  "signature_request.list": { method: "GET", path: "/signature_request/list", query: sr.signatureRequestListQuery, response: page("signature_requests", D.signatureRequestSchema), successStatus: OK, idempotent: true, tier: "standard", auth: EITHER },

  "template.create": { method: "POST", path: "/template/create", body: tpl.templateCreateBody, uploads: FILES, response: resource("template", D.templateSchema), successStatus: OK, idempotent: false, tier: "standard", auth: EITHER },
  "template.create_embedded_draft": { method: "POST", path: "/template/create_embedded_draft", body: tpl.templateCreateEmbeddedDraftBody, uploads: FILES, response: resource("template", D.templateDraftSchema), successStatus: OK, idempotent: false, tier: "high", auth: EITHER },
  "template.get": { method: "GET", path: "/template/{template_id}", params: tpl.templateIdParams, response: resource("template", D.templateSchema), successStatus: OK, idempotent: true, tier: "standard", auth: EITHER },
  "template.list": { method: "GET", path: "/template/list", query: tpl.templateListQuery, response: page("templates", D.templateSchema), successStatus: OK, idempotent: true, tier: "standard", auth: EITHER },
  "template.delete": { method: "POST", path: "/template/delete/{template_id}", params: tpl.templateIdParams, response: empty, successStatus: OK, idempotent: true, tier: "standard", auth: EITHER },
  "template.add_user": { method: "POST", path: "/template/add_user/{template_id}", params: tpl.templateIdParams, body: tpl.templateAddUserBody, response: resource("template", D.templateSchema), successStatus: OK, idempotent: true, tier: "standard", auth: EITHER },
  "template.remove_user": { method: "POST", path: "/template/remove_user/{template_id}", params: tpl.templateIdParams, body: tpl.templateRemoveUserBody, response: resource("template", D.templateSchema), successStatus: OK, idempotent: true, tier: "standard", auth: EITHER },
  "template.update_files": { method: "POST", path: "/template/update_files/{template_id}", params: tpl.templateIdParams, body: tpl.templateUpdateFilesBody, uploads: FILES, response: resource("template", D.templateSchema), successStatus: OK, idempotent: false, tier: "standard", auth: EITHER },
  // Not in the spec's list: the provider polls it while a template is processing (409) or failed (422).
  "template.files_as_file_url": { method: "GET", path: "/template/files_as_file_url/{template_id}", params: tpl.templateIdParams, query: tpl.templateFilesAsFileUrlQuery, response: { kind: "body", schema: A.fileUrlSchema }, successStatus: OK, idempotent: true, tier: "high", auth: EITHER },
  "template.update": { method: "POST", path: "/template/update/{template_id}", params: tpl.templateIdParams, body: tpl.templateUpdateBody, response: resource("template", D.templateSchema), successStatus: OK, idempotent: true, tier: "standard", auth: EITHER },

  "embedded.edit_url": { method: "POST", path: "/embedded/edit_url/{template_id}", params: tpl.templateIdParams, body: tpl.embeddedEditUrlBody, response: resource("embedded", A.embeddedEditUrlSchema), successStatus: OK, idempotent: true, tier: "standard", auth: EITHER },

  "unclaimed_draft.create": { method: "POST", path: "/unclaimed_draft/create", body: draft.unclaimedDraftCreateBody, uploads: FILES, response: resource("unclaimed_draft", D.unclaimedDraftSchema), successStatus: OK, idempotent: false, tier: "high", auth: EITHER },
  "unclaimed_draft.create_embedded": { method: "POST", path: "/unclaimed_draft/create_embedded", body: draft.unclaimedDraftCreateEmbeddedBody, uploads: FILES, response: resource("unclaimed_draft", D.unclaimedDraftSchema), successStatus: OK, idempotent: false, tier: "high", auth: EITHER },
  "unclaimed_draft.create_embedded_with_template": { method: "POST", path: "/unclaimed_draft/create_embedded_with_template", body: draft.unclaimedDraftCreateEmbeddedWithTemplateBody, uploads: FILES, response: resource("unclaimed_draft", D.unclaimedDraftSchema), successStatus: OK, idempotent: false, tier: "high", auth: EITHER },
  "unclaimed_draft.edit_and_resend": { method: "POST", path: "/unclaimed_draft/edit_and_resend/{signature_request_id}", params: sr.signatureRequestIdParams, body: draft.unclaimedDraftEditAndResendBody, response: resource("unclaimed_draft", D.unclaimedDraftSchema), successStatus: OK, idempotent: false, tier: "standard", auth: EITHER },

  "document.detect_fields": { method: "POST", path: "/document/detect_fields", body: detectFieldsBody, uploads: { file: "one" }, response: resource("detection_result", D.detectionResultSchema), successStatus: OK, idempotent: true, tier: "standard", auth: EITHER },

  "team.get": { method: "GET", path: "/team", response: resource("team", A.teamSchema), successStatus: OK, idempotent: true, tier: "standard", auth: EITHER },
  "team.info": { method: "GET", path: "/team/info", query: team.teamInfoQuery, response: resource("team", A.teamInfoSchema), successStatus: OK, idempotent: true, tier: "standard", auth: EITHER },
  "team.create": { method: "POST", path: "/team/create", body: team.teamCreateBody, response: resource("team", A.teamSchema), successStatus: OK, idempotent: false, tier: "standard", auth: EITHER },
  "team.update": { method: "PUT", path: "/team", body: team.teamUpdateBody, response: resource("team", A.teamSchema), successStatus: OK, idempotent: true, tier: "standard", auth: EITHER },
  "team.destroy": { method: "DELETE", path: "/team/destroy", response: empty, successStatus: OK, idempotent: true, tier: "standard", auth: EITHER },
  "team.add_member": { method: "PUT", path: "/team/add_member", query: team.teamAddMemberQuery, body: team.teamAddMemberBody, response: resource("team", A.teamSchema), successStatus: OK, idempotent: true, tier: "standard", auth: EITHER },
  "team.remove_member": { method: "POST", path: "/team/remove_member", body: team.teamRemoveMemberBody, response: resource("team", A.teamSchema), successStatus: [201, 200], idempotent: false, tier: "standard", auth: EITHER },
  "team.members": { method: "GET", path: "/team/members/{team_id}", params: team.teamIdParams, query: team.teamListQuery, response: page("team_members", A.teamMemberSchema, ["members"]), successStatus: OK, idempotent: true, tier: "standard", auth: EITHER },
  "team.sub_teams": { method: "GET", path: "/team/sub_teams/{team_id}", params: team.teamIdParams, query: team.teamListQuery, response: page("sub_teams", A.subTeamSchema), successStatus: OK, idempotent: true, tier: "standard", auth: EITHER },
  "team.invites": { method: "GET", path: "/team/invites", query: team.teamInvitesQuery, response: { kind: "list", key: "team_invites", schema: A.teamInviteSchema, paginated: false }, successStatus: OK, idempotent: true, tier: "standard", auth: EITHER },

  "fax_line.create": { method: "POST", path: "/fax_line/create", body: fax.faxLineCreateBody, response: resource("fax_line", A.faxLineSchema), successStatus: OK, idempotent: false, tier: "standard", auth: API_KEY },
  "fax_line.get": { method: "GET", path: "/fax_line", query: fax.faxLineNumberQuery, response: resource("fax_line", A.faxLineSchema), successStatus: OK, idempotent: true, tier: "standard", auth: API_KEY },
  "fax_line.list": { method: "GET", path: "/fax_line/list", query: fax.faxLineListQuery, response: page("fax_lines", A.faxLineSchema), successStatus: OK, idempotent: true, tier: "standard", auth: API_KEY },
  "fax_line.add_user": { method: "PUT", path: "/fax_line/add_user", body: fax.faxLineUserBody, response: resource("fax_line", A.faxLineSchema), successStatus: OK, idempotent: true, tier: "standard", auth: API_KEY },
  "fax_line.remove_user": { method: "PUT", path: "/fax_line/remove_user", body: fax.faxLineUserBody, response: resource("fax_line", A.faxLineSchema), successStatus: OK, idempotent: true, tier: "standard", auth: API_KEY },
  "fax_line.delete": { method: "DELETE", path: "/fax_line", body: fax.faxLineDeleteBody, response: empty, successStatus: OK, idempotent: true, tier: "standard", auth: API_KEY },
  "fax_line.area_codes": { method: "GET", path: "/fax_line/area_codes", query: fax.faxLineAreaCodesQuery, response: resource("area_codes", z.array(z.number().int())), successStatus: OK, idempotent: true, tier: "standard", auth: API_KEY },

  "fax.send": { method: "POST", path: "/fax/send", body: fax.faxSendBody, uploads: FILES, response: resource("fax", D.faxSchema), successStatus: OK, idempotent: false, tier: "standard", auth: API_KEY },
  "fax.get": { method: "GET", path: "/fax/{fax_id}", params: fax.faxIdParams, response: resource("fax", D.faxSchema), successStatus: OK, idempotent: true, tier: "standard", auth: API_KEY },
  "fax.list": { method: "GET", path: "/fax/list", query: fax.faxListQuery, response: page("faxes", D.faxSchema), successStatus: OK, idempotent: true, tier: "standard", auth: API_KEY },
  "fax.delete": { method: "DELETE", path: "/fax/{fax_id}", params: fax.faxIdParams, response: empty, successStatus: [204], idempotent: true, tier: "standard", auth: API_KEY },

  "report.create": { method: "POST", path: "/report/create", body: reportCreateBody, response: resource("report", A.reportSchema), successStatus: OK, idempotent: false, tier: "standard", auth: API_KEY },
} as const satisfies Record<string, OperationSpec>;

export type Operations = typeof operations;
export type OperationId = keyof Operations;
export const operationIds = Object.keys(operations) as OperationId[];

/** The operation spec by id, typed as the general OperationSpec (for table-driven code). */
export function operation(id: OperationId): OperationSpec {
  return operations[id];
}
