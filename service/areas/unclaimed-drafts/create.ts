/**
 * @module service/areas/unclaimed-drafts/create
 * create, create_embedded, create_embedded_with_template and edit_and_resend. Shapes and
 * limits come validated from the contract; this module applies what needs state: the app
 * named by client_id must be the caller's, plan gates (allow_reassign), template rules (CC
 * roles need ccs, merge fields need custom_fields), and the defaults that differ per endpoint
 * (allow_ccs true on create_embedded, false on create_embedded_with_template).
 * Drafts use no quota: that happens when the claimer sends.
 */
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import { annotate, type AnswerOf, type RequestContext } from "../../kernel";
import type { FileUpload, Warning } from "../../../contract";
import { accessibleTemplate, type TemplateRecord } from "../templates/model";
import { loadDocuments, storedDocuments, type StoredDocument } from "../signature-requests/documents";
import { createSignatureRequest, requestFor, type SignerInput } from "../signature-requests/model";
import { appDoesNotExist } from "../api-apps/model";
import { CLAIM_LINK_TTL_SECONDS, draftView, drafts, newClaimToken, type DraftKind, type DraftRecord, type DraftType } from "./model";

type Body = Record<string, unknown> & { files?: FileUpload[]; file_urls?: string[] };

const str = (v: unknown): string | null => (typeof v === "string" ? v : null);
const bool = (v: unknown, dflt: boolean): boolean => (typeof v === "boolean" ? v : dflt);
const arr = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

/** client_id must name an API app the caller owns (404 when unknown, 403 when someone else's). */
function ownedApp(ctx: RequestContext, clientId: string): void {
  const app = ctx.store.table<{ owner_account_id: string }>("api_apps").get(clientId);
  if (!app) throw appDoesNotExist(clientId);
  if (app.owner_account_id !== ctx.account.account_id) throw forbidden("The API app belongs to another account", "client_id");
}

function planRules(ctx: RequestContext, body: Body): void {
  if (body.allow_reassign === true && !ctx.accounts.capabilities(ctx.account).allow_reassign) {
    throw forbidden("allow_reassign requires a Premium plan or higher", "allow_reassign");
  }
}

function saveDraft(
  ctx: RequestContext,
  d: Omit<DraftRecord, "token" | "account_id" | "created_at" | "expires_at" | "claimed_by" | "claimed_at">,
  warnings: Warning[] = [],
): AnswerOf<"unclaimed_draft.create"> {
  const now = ctx.clock.now();
  const rec: DraftRecord = {
    ...d,
    token: newClaimToken(),
    account_id: ctx.account.account_id,
    created_at: now,
    expires_at: now + CLAIM_LINK_TTL_SECONDS,
    claimed_by: null,
    claimed_at: null,
  };
  drafts(ctx.store).put(rec.token, rec);
  return annotate(draftView(ctx, rec), { warnings });
}

function common(body: Body, kind: DraftKind, type: DraftType, documents: StoredDocument[]) {
  return {
    kind,
    type,
    documents,
    client_id: str(body.client_id),
    title: str(body.title),
    subject: str(body.subject),
    message: str(body.message),
    metadata: (body.metadata as Record<string, unknown>) ?? {},
    signers: arr<Record<string, unknown>>(body.signers),
    ccs: arr<Record<string, unknown>>(body.ccs),
    cc_email_addresses: arr<string>(body.cc_email_addresses),
    custom_fields: arr<Record<string, unknown>>(body.custom_fields),
    test_mode: bool(body.test_mode, false),
    signing_redirect_url: str(body.signing_redirect_url),
    requesting_redirect_url: str(body.requesting_redirect_url),
    request_expires_at: typeof body.expires_at === "number" ? body.expires_at : null,
  };
}

/** The signature request an embedded draft carries (unsent until the claimer sends it). */
function embeddedRequest(ctx: RequestContext, body: Body, signers: SignerInput[], documents: StoredDocument[], templateIds: string[] | null) {
  return createSignatureRequest(ctx, {
    account: ctx.account,
    title: str(body.title) ?? str(body.subject) ?? undefined,
    subject: str(body.subject),
    message: str(body.message),
    metadata: body.metadata,
    test_mode: bool(body.test_mode, false),
    client_id: str(body.client_id),
    signers,
    expires_at: typeof body.expires_at === "number" ? body.expires_at : null,
    state: "draft",
    is_embedded: true,
    requester_email_address: str(body.requester_email_address) ?? undefined,
    template_ids: templateIds,
    documents,
  });
}

const signerInputs = (signers: Record<string, unknown>[]): SignerInput[] =>
  signers.map((s, i) => ({ name: String(s.name ?? ""), email_address: String(s.email_address ?? ""), order: typeof s.order === "number" ? s.order : i, role: str(s.role) }));

export async function createDraft(ctx: RequestContext<"unclaimed_draft.create">): Promise<AnswerOf<"unclaimed_draft.create">> {
  const { body } = ctx;
  const documents = storedDocuments(await loadDocuments(ctx, body));
  const type = body.type as DraftType;
  return saveDraft(ctx, {
    ...common(body, "create", type, documents),
    embedded: false,
    signature_request_id: null,
    requester_email_address: null,
    template_ids: [],
    options: {
      show_progress_stepper: bool(body.show_progress_stepper, true),
      allow_decline: bool(body.allow_decline, false),
      use_text_tags: bool(body.use_text_tags, false),
      hide_text_tags: bool(body.hide_text_tags, false),
    },
  });
}

export async function createEmbeddedDraft(ctx: RequestContext<"unclaimed_draft.create_embedded">): Promise<AnswerOf<"unclaimed_draft.create_embedded">> {
  const { body } = ctx;
  ownedApp(ctx, String(body.client_id));
  planRules(ctx, body);
  const documents = storedDocuments(await loadDocuments(ctx, body));
  const type = (body.type as DraftType | undefined) ?? "request_signature";
  const c = common(body, "create_embedded", type, documents);
  const req = embeddedRequest(ctx, body, type === "request_signature" ? signerInputs(c.signers) : [], documents, null);
  return saveDraft(ctx, {
    ...c,
    embedded: true,
    signature_request_id: req.signature_request_id,
    requester_email_address: String(body.requester_email_address),
    template_ids: [],
    options: {
      allow_ccs: bool(body.allow_ccs, true),
      allow_reassign: bool(body.allow_reassign, false),
      allow_decline: bool(body.allow_decline, false),
      hold_request: bool(body.hold_request, false),
      populate_auto_fill_fields: bool(body.populate_auto_fill_fields, false),
      force_signer_page: bool(body.force_signer_page, false),
      force_subject_message: bool(body.force_subject_message, false),
      is_for_embedded_signing: bool(body.is_for_embedded_signing, false),
      show_preview: bool(body.show_preview, false),
      skip_me_now: bool(body.skip_me_now, false),
      show_progress_stepper: bool(body.show_progress_stepper, true),
      editor_options: body.editor_options ?? null,
    },
  });
}

/** Templates in the given order; each must be accessible and ready. */
function templatesFor(ctx: RequestContext, ids: string[]): TemplateRecord[] {
  return ids.map((id, i) => {
    let t: TemplateRecord;
    try {
      t = accessibleTemplate(ctx.store, ctx.account, id);
    } catch {
      throw notFound(`Template ${id} not found`, `template_ids.${i}`);
    }
    if (t.status === "processing") throw conflict(`Template ${id} is still being processed`);
    if (t.status === "error") throw badRequest(`Template ${id} could not be processed`, `template_ids.${i}`);
    return t;
  });
}

export async function createEmbeddedDraftWithTemplate(ctx: RequestContext<"unclaimed_draft.create_embedded_with_template">): Promise<AnswerOf<"unclaimed_draft.create_embedded_with_template">> {
  const { body } = ctx;
  ownedApp(ctx, String(body.client_id));
  planRules(ctx, body);
  const templateIds = arr<string>(body.template_ids);
  const tpls = templatesFor(ctx, templateIds);
  const signers = arr<{ role: string; name: string; email_address: string }>(body.signers);
  const ccs = arr<{ role: string; email_address: string }>(body.ccs);
  const customFields = arr<{ name: string }>(body.custom_fields);
  const roles = new Set(tpls.flatMap((t) => t.signer_roles.map((r) => r.name)));
  signers.forEach((s, i) => {
    if (!roles.has(s.role)) throw badRequest(`Signer role ${s.role} is not a role of the templates`, `signers.${i}.role`);
  });
  for (const role of roles) if (!signers.some((s) => s.role === role)) throw badRequest(`A signer is required for the role ${role}`, "signers");
  // "ccs required when the template has a CC role": every CC role needs an address.
  for (const role of new Set(tpls.flatMap((t) => t.cc_roles))) {
    if (!ccs.some((c) => c.role === role)) throw badRequest(`ccs must include the CC role ${role}`, "ccs");
  }
  // "custom_fields required when the template has a custom (merge) field".
  for (const field of new Set(tpls.flatMap((t) => t.merge_fields.map((m) => m.name)))) {
    if (!customFields.some((c) => c.name === field)) throw badRequest(`custom_fields must include ${field}`, "custom_fields");
  }
  const documents = [...tpls.flatMap((t) => t.documents.map((d) => ({ name: d.name, page_count: d.page_count, generated: false }))), ...storedDocuments(await loadDocuments(ctx, body))];
  const warnings: Warning[] = [];
  const previewOnly = bool(body.preview_only, false);
  if (previewOnly && body.show_preview === true) {
    warnings.push({ warning_name: "parameter_ignored", warning_msg: "show_preview is ignored because preview_only is set" });
  }
  const c = common(body, "create_embedded_with_template", "request_signature", documents);
  const req = embeddedRequest(ctx, body, signerInputs(signers), documents, templateIds);
  return saveDraft(
    ctx,
    {
      ...c,
      embedded: true,
      signature_request_id: req.signature_request_id,
      requester_email_address: String(body.requester_email_address),
      template_ids: templateIds,
      options: {
        allow_ccs: bool(body.allow_ccs, false),
        allow_reassign: bool(body.allow_reassign, false),
        allow_decline: bool(body.allow_decline, false),
        hold_request: bool(body.hold_request, false),
        populate_auto_fill_fields: bool(body.populate_auto_fill_fields, false),
        force_signer_roles: bool(body.force_signer_roles, false),
        force_subject_message: bool(body.force_subject_message, false),
        is_for_embedded_signing: bool(body.is_for_embedded_signing, false),
        // preview_only overrides show_preview.
        preview_only: previewOnly,
        show_preview: previewOnly ? false : bool(body.show_preview, false),
        skip_me_now: bool(body.skip_me_now, false),
        show_progress_stepper: bool(body.show_progress_stepper, true),
        editor_options: body.editor_options ?? null,
      },
    },
    warnings,
  );
}

/** A new (unsent) request copied from an embedded one, opened again in the embedded editor. */
export function editAndResend(ctx: RequestContext<"unclaimed_draft.edit_and_resend">): AnswerOf<"unclaimed_draft.edit_and_resend"> {
  const { body } = ctx;
  const original = requestFor(ctx, ctx.account, ctx.params.signature_request_id!);
  if (original.account_id !== ctx.account.account_id) throw forbidden("Only the sender can edit and resend this signature request");
  if (!original.is_embedded) throw badRequest("Only embedded signature requests can be edited and resent", "signature_request_id");
  ownedApp(ctx, String(body.client_id));
  const requester = str(body.requester_email_address) ?? original.requester_email_address;
  const testMode = bool(body.test_mode, original.test_mode);
  const copy = createSignatureRequest(ctx, {
    account: ctx.account,
    title: original.title,
    subject: original.subject,
    message: original.message,
    metadata: original.metadata,
    test_mode: testMode,
    client_id: String(body.client_id),
    expires_at: null,
    state: "draft",
    is_embedded: true,
    requester_email_address: requester,
    template_ids: original.template_ids,
    documents: original.documents,
    signers: original.signatures.map((s) => ({ name: s.signer_name, email_address: s.signer_email_address, order: s.order, role: s.signer_role })),
  });
  return saveDraft(ctx, {
    kind: "edit_and_resend",
    type: "request_signature",
    embedded: true,
    client_id: String(body.client_id),
    signature_request_id: copy.signature_request_id,
    requester_email_address: requester,
    title: original.title,
    subject: original.subject,
    message: original.message,
    metadata: original.metadata,
    signers: original.signatures.map((s) => ({ name: s.signer_name, email_address: s.signer_email_address, order: s.order })),
    ccs: [],
    cc_email_addresses: original.cc_email_addresses,
    custom_fields: original.custom_fields,
    template_ids: original.template_ids ?? [],
    documents: original.documents,
    test_mode: testMode,
    signing_redirect_url: str(body.signing_redirect_url),
    requesting_redirect_url: str(body.requesting_redirect_url),
    request_expires_at: null,
    options: {
      is_for_embedded_signing: bool(body.is_for_embedded_signing, false),
      show_progress_stepper: bool(body.show_progress_stepper, true),
      editor_options: body.editor_options ?? null,
      edited_from: original.signature_request_id,
    },
  });
}
