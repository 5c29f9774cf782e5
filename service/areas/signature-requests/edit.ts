/**
 * @module service/areas/signature-requests/edit
 * PUT /signature_request/edit/{id}: replaces documents, signers and texts of a request and
 * sends it; POST /signature_request/send does the same for a new request. The contract has already enforced the shapes (exactly one of files/file_urls and
 * of signers/grouped_signers, limits, is_eid with one signer and not in test_mode); this
 * module adds what needs account state: plan (allow_reassign: Premium+; production requests
 * need a paid plan), the eID add-on, the app named by client_id, and quota use.
 */
import { conflict, forbidden, paymentRequired } from "../../http/errors";
import { newId } from "../../http/ids";
import { annotate, type AnswerOf, type RequestContext } from "../../kernel";
import type { FileUpload, Warning } from "../../../contract";
import { loadDocuments, storedDocuments, type StoredDocument } from "./documents";
import { fieldsFromDocuments } from "./fields";
import { validateParts } from "../../http/validate";
import { appDoesNotExist } from "../api-apps/model";
import { createSignatureRequest, emitRequestEvent, metadataAsText, newSignatures, requestFor, signatureRequests, signatureRequestView, type SignatureRequestRecord, type SignerInput } from "./model";

interface EditBody {
  files?: FileUpload[];
  file_urls?: string[];
  signers?: SignerInput[];
  grouped_signers?: { group: string; order?: number | null; signers: SignerInput[] }[];
  allow_decline?: boolean;
  allow_reassign?: boolean;
  attachments?: Record<string, unknown>[];
  cc_email_addresses?: string[];
  client_id?: string;
  custom_fields?: Record<string, unknown>[];
  form_fields_per_document?: Record<string, unknown>[];
  is_eid?: boolean;
  message?: string;
  metadata?: Record<string, unknown>;
  signing_redirect_url?: string;
  subject?: string;
  test_mode?: boolean;
  title?: string;
  use_text_tags?: boolean;
  use_preexisting_fields?: boolean;
  ignore_text_tags_extraction_errors?: boolean;
  expires_at?: number | null;
}

/** Signers in send order; grouped signers share their group's order and carry the group id. */
function flattenSigners(body: EditBody): SignerInput[] {
  if (body.signers) return body.signers;
  return (body.grouped_signers ?? []).flatMap((g, gi) => g.signers.map((s) => ({ ...s, order: g.order ?? gi, group: g.group })));
}

/** Checks that need the caller's account; throws the matching ApiError. */
export function checkAccountRules(ctx: RequestContext, body: { allow_reassign?: boolean; is_eid?: boolean; test_mode?: boolean; client_id?: string }): void {
  const caps = ctx.accounts.capabilities(ctx.account);
  if (body.allow_reassign === true && !caps.allow_reassign) {
    throw forbidden("allow_reassign requires a Premium plan or higher", "allow_reassign");
  }
  if (body.is_eid === true && !ctx.account.addons.eid) throw forbidden("is_eid requires the eID add-on", "is_eid");
  if (body.client_id !== undefined && !ctx.store.table("api_apps").get(body.client_id)) {
    throw appDoesNotExist(body.client_id, 400);
  }
  if (body.test_mode !== true && !caps.paid) {
    throw paymentRequired("Production signature requests need a paid API plan; use test_mode=1");
  }
}

/** Uses signature request quota for a production request (test_mode requests are free). */
export function deductQuota(ctx: RequestContext, testMode: boolean): Warning[] {
  if (testMode) return [];
  const id = ctx.account.account_id;
  // The real API does not block at quota (the plan is upgraded); we record it as a warning.
  const apiOk = ctx.accounts.consumeQuota(id, "api_signature_requests_left");
  ctx.accounts.consumeQuota(id, "documents_left");
  return apiOk ? [] : [{ warning_name: "quota_exceeded", warning_msg: "Signature request quota is used up; the request was sent anyway" }];
}

export async function editSignatureRequest(ctx: RequestContext<"signature_request.edit">): Promise<AnswerOf<"signature_request.edit">> {
  const rec = requestFor(ctx, ctx.account, ctx.params.signature_request_id!);
  if (rec.account_id !== ctx.account.account_id) throw forbidden("Only the sender can edit this signature request");
  if (rec.is_complete) throw conflict("The signature request is complete and cannot be edited");
  return sendRequest(ctx, ctx.body, rec);
}

/**
 * POST /signature_request/send: not in the contract's operation table, but the SDK's way to
 * create a request. Its body is the edit body, so it is validated with the edit operation's
 * schema (one source of truth) and then sent like an edit of a new request.
 */
export async function sendNewRequest(ctx: RequestContext): Promise<AnswerOf<"signature_request.edit">> {
  const parts = validateParts("signature_request.edit", { params: { signature_request_id: "new" }, query: {}, body: ctx.body }, ctx.source);
  return sendRequest(ctx, parts.body, undefined);
}

/** Checks, then (creating the record when `existing` is undefined) replaces and sends it. */
async function sendRequest(ctx: RequestContext, body: EditBody, existing: SignatureRequestRecord | undefined): Promise<AnswerOf<"signature_request.edit">> {
  checkAccountRules(ctx, body);
  const signers = flattenSigners(body);
  const loaded = await loadDocuments(ctx, body);
  const documents: StoredDocument[] = storedDocuments(loaded);
  const fromDocs = fieldsFromDocuments(loaded, body, signers.length, ctx.clock.now());
  const rec = existing ?? createSignatureRequest(ctx, { account: ctx.account, title: body.title });
  const title = body.title ?? rec.title;
  // No form fields (and no text tags / existing fields to place them): a signature page is
  // appended on which every signer signs for all documents.
  const placesFields = Boolean(body.form_fields_per_document?.length) || body.use_text_tags === true || body.use_preexisting_fields === true;
  if (!placesFields) {
    // Only the page's facts are stored; files.ts renders it (signaturePage) on download.
    documents.push({ name: "signature_page.pdf", page_count: 1, generated: true });
  }
  const testMode = body.test_mode ?? false;
  const warnings = [...fromDocs.warnings, ...deductQuota(ctx, testMode)];
  const now = ctx.clock.now();
  Object.assign(rec, {
    title,
    original_title: title,
    subject: body.subject ?? rec.subject,
    message: body.message ?? rec.message,
    metadata: body.metadata !== undefined ? metadataAsText(body.metadata) : rec.metadata,
    test_mode: testMode,
    client_id: body.client_id ?? rec.client_id,
    expires_at: body.expires_at === undefined ? rec.expires_at : body.expires_at,
    is_complete: false,
    is_declined: false,
    has_error: false,
    state: "sent",
    is_eid: body.is_eid ?? false,
    allow_decline: body.allow_decline ?? false,
    allow_reassign: body.allow_reassign ?? false,
    custom_fields: body.custom_fields ?? [],
    signing_redirect_url: body.signing_redirect_url ?? null,
    cc_email_addresses: body.cc_email_addresses ?? [],
    attachments: (body.attachments ?? []).map((a) => ({
      id: newId().slice(0, 16),
      signer: String(a.signer_index ?? ""),
      name: a.name,
      required: a.required ?? false,
      instructions: a.instructions ?? null,
      uploaded_at: null,
    })),
    signatures: newSignatures(signers),
    documents,
    form_fields_per_document: body.form_fields_per_document ?? fromDocs.fields,
    expired_event_sent: false,
    updated_at: now,
  });
  signatureRequests(ctx.store).put(rec.signature_request_id, rec);
  emitRequestEvent(ctx, rec, "signature_request_sent");
  return annotate(signatureRequestView(ctx, rec), { warnings });
}
