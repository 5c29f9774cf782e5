/**
 * One function per operation, grouped by area. Conventions: a path id comes first as a
 * string (`apiApp.get(clientId)`), then the body; list operations take ONE object with path
 * params and query together (`team.members({ team_id, page_size })`) so paginate() can
 * drive them; query-only reads take their query object (`faxLine.get({ number })`).
 */
import type { BodyOf, OperationId, ParamsOf, QueryOf, RequestParts, ResultOf } from "../../contract";
import { operations } from "../../contract";

export type Call = <Id extends OperationId>(id: Id, parts: RequestParts) => Promise<ResultOf<Id>>;

/** Path params and query in one object, for list operations. */
export type ListArgs<Id extends OperationId> = ([ParamsOf<Id>] extends [never] ? unknown : ParamsOf<Id>) & QueryOf<Id>;

/** Splits a list call's single argument into path params and query by the path template. */
function splitArgs(id: OperationId, args: Record<string, unknown> = {}): RequestParts {
  const names = new Set([...operations[id].path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]));
  const params: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) (names.has(key) ? params : query)[key] = value;
  return { params, query };
}

export function buildAreas(call: Call) {
  const list =
    <Id extends OperationId>(id: Id) =>
    (args?: ListArgs<Id>) =>
      call(id, splitArgs(id, args as Record<string, unknown>));
  return {
    account: {
      get: (query?: QueryOf<"account.get">) => call("account.get", { query }),
      /** `{ account: { email_address } }` when an account has the address, `{}` when none has. */
      verify: (body: BodyOf<"account.verify">) => call("account.verify", { body }),
    },
    apiApp: {
      create: (body: BodyOf<"api_app.create">) => call("api_app.create", { body }),
      get: (clientId: string) => call("api_app.get", { params: { client_id: clientId } }),
      list: list("api_app.list"),
      update: (clientId: string, body: BodyOf<"api_app.update">) => call("api_app.update", { params: { client_id: clientId }, body }),
      delete: (clientId: string) => call("api_app.delete", { params: { client_id: clientId } }),
    },
    signatureRequest: {
      edit: (signatureRequestId: string, body: BodyOf<"signature_request.edit">) => call("signature_request.edit", { params: { signature_request_id: signatureRequestId }, body }),
      get: (signatureRequestId: string) => call("signature_request.get", { params: { signature_request_id: signatureRequestId } }),
      list: list("signature_request.list"),
    },
    template: {
      create: (body: BodyOf<"template.create">) => call("template.create", { body }),
      createEmbeddedDraft: (body: BodyOf<"template.create_embedded_draft">) => call("template.create_embedded_draft", { body }),
      get: (templateId: string) => call("template.get", { params: { template_id: templateId } }),
      list: list("template.list"),
      delete: (templateId: string) => call("template.delete", { params: { template_id: templateId } }),
      addUser: (templateId: string, body: BodyOf<"template.add_user">) => call("template.add_user", { params: { template_id: templateId }, body }),
      removeUser: (templateId: string, body: BodyOf<"template.remove_user">) => call("template.remove_user", { params: { template_id: templateId }, body }),
      updateFiles: (templateId: string, body: BodyOf<"template.update_files">) => call("template.update_files", { params: { template_id: templateId }, body }),
      update: (templateId: string, body: BodyOf<"template.update">) => call("template.update", { params: { template_id: templateId }, body }),
      filesAsFileUrl: (templateId: string, query?: QueryOf<"template.files_as_file_url">) => call("template.files_as_file_url", { params: { template_id: templateId }, query }),
    },
    embedded: {
      editUrl: (templateId: string, body: BodyOf<"embedded.edit_url"> = {}) => call("embedded.edit_url", { params: { template_id: templateId }, body }),
    },
    unclaimedDraft: {
      create: (body: BodyOf<"unclaimed_draft.create">) => call("unclaimed_draft.create", { body }),
      createEmbedded: (body: BodyOf<"unclaimed_draft.create_embedded">) => call("unclaimed_draft.create_embedded", { body }),
      createEmbeddedWithTemplate: (body: BodyOf<"unclaimed_draft.create_embedded_with_template">) => call("unclaimed_draft.create_embedded_with_template", { body }),
      editAndResend: (signatureRequestId: string, body: BodyOf<"unclaimed_draft.edit_and_resend">) =>
        call("unclaimed_draft.edit_and_resend", { params: { signature_request_id: signatureRequestId }, body }),
    },
    document: {
      detectFields: (body: BodyOf<"document.detect_fields">) => call("document.detect_fields", { body }),
    },
    team: {
      get: () => call("team.get", {}),
      info: (query?: QueryOf<"team.info">) => call("team.info", { query }),
      create: (body: BodyOf<"team.create"> = {}) => call("team.create", { body }),
      update: (body: BodyOf<"team.update">) => call("team.update", { body }),
      destroy: () => call("team.destroy", {}),
      addMember: (body: BodyOf<"team.add_member">, query?: QueryOf<"team.add_member">) => call("team.add_member", { body, query }),
      removeMember: (body: BodyOf<"team.remove_member">) => call("team.remove_member", { body }),
      members: list("team.members"),
      subTeams: list("team.sub_teams"),
      invites: (query?: QueryOf<"team.invites">) => call("team.invites", { query }),
    },
    faxLine: {
      create: (body: BodyOf<"fax_line.create">) => call("fax_line.create", { body }),
      get: (query: QueryOf<"fax_line.get">) => call("fax_line.get", { query }),
      list: list("fax_line.list"),
      addUser: (body: BodyOf<"fax_line.add_user">) => call("fax_line.add_user", { body }),
      removeUser: (body: BodyOf<"fax_line.remove_user">) => call("fax_line.remove_user", { body }),
      delete: (body: BodyOf<"fax_line.delete">) => call("fax_line.delete", { body }),
      areaCodes: (query: QueryOf<"fax_line.area_codes">) => call("fax_line.area_codes", { query }),
    },
    fax: {
      send: (body: BodyOf<"fax.send">) => call("fax.send", { body }),
      get: (faxId: string) => call("fax.get", { params: { fax_id: faxId } }),
      list: list("fax.list"),
      delete: (faxId: string) => call("fax.delete", { params: { fax_id: faxId } }),
    },
    report: {
      create: (body: BodyOf<"report.create">) => call("report.create", { body }),
    },
  };
}

export type Areas = ReturnType<typeof buildAreas>;
