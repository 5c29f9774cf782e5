/**
 * @module service/areas/templates/create
 * Building a new template record from a create / create_embedded_draft / update_files
 * request: documents inspected, form fields checked against the documents, quota used
 * (over quota the template is created locked, usable in test_mode only, with the recorded
 * need_credit warning), the service's own metadata keys added, processing scheduled.
 */
import { randomBytes } from "node:crypto";
import { badRequest } from "../../http/errors";
import { newId } from "../../http/ids";
import { hiddenUntil } from "../../control/visibility-delay";
import type { RequestContext } from "../../kernel";
import { apiApps, appDoesNotExist, canSee, type ApiAppRecord } from "../api-apps/model";
import { collectDocuments, documentsProblem, type DocumentFacts } from "./documents";
import { templates, type FormFieldInput, type TemplateRecord } from "./model";
import { scheduleProcessing } from "./processing";
import type { Warning } from "../../../contract";

/** The content part of a template request, as the contract validated it. */
export interface TemplateContentBody {
  title?: string;
  subject?: string;
  message?: string;
  signer_roles?: { name: string; order?: number | null }[];
  cc_roles?: string[];
  merge_fields?: { name: string; type: string }[];
  attachments?: Record<string, unknown>[];
  form_fields_per_document?: FormFieldInput[];
  form_field_groups?: { group_id: string; group_label: string; requirement: string }[];
  metadata?: Record<string, unknown>;
  client_id?: string;
  test_mode?: boolean;
  signer_experience?: Record<string, unknown>;
}

/** The app named by client_id (404 unless the caller can see it); undefined without one. */
export function checkClientId(ctx: RequestContext, client_id: string | undefined): ApiAppRecord | undefined {
  if (!client_id) return undefined;
  const app = apiApps(ctx.store).get(client_id);
  if (!app || !canSee(ctx.store, app, ctx.account, ctx.accounts)) throw appDoesNotExist(client_id);
  return app;
}

/** Where the web app lives: the recorded value of the service's metadata keys when no app's domain applies. */
export const WEB_APP_DOMAIN = "app.hellosign.com";

/**
 * The keys the service adds to a template's metadata (recorded on every listed template,
 * S2 list_templates.yaml): "app.hellosign.com" or the embedding app's domain. Our choice:
 * the app's first domain when the template names an app with domains, else the web app's;
 * every API-made template gets them (no recording of POST /template/create either way).
 * A key the caller set keeps the caller's value.
 */
export function withServiceMetadata(metadata: Record<string, unknown>, app: ApiAppRecord | undefined): Record<string, unknown> {
  const domain = app?.domains?.[0] ?? WEB_APP_DOMAIN;
  return { ...metadata, sent_from_domain: metadata.sent_from_domain ?? domain, created_on_domain: metadata.created_on_domain ?? domain };
}

/** The recorded texts of the need_credit warning (S2 create_embedded_template.yaml, S1 testTemplateFilesUpdate.json). */
export const NEED_CREDIT = {
  created: "The created template will be locked. Upgrade your account to use more templates.",
  replaced: "The new template will be locked. Upgrade your account for more templates.",
} as const;

/** need_credit when the new template was made locked (over the account's template quota). */
export function lockWarnings(t: Pick<TemplateRecord, "is_locked">, kind: keyof typeof NEED_CREDIT): Warning[] {
  return t.is_locked ? [{ warning_name: "need_credit", warning_msg: NEED_CREDIT[kind] }] : [];
}

export function checkFieldsAgainstDocuments(fields: FormFieldInput[], docs: DocumentFacts[]): void {
  fields.forEach((f, i) => {
    if (f.document_index >= docs.length) {
      throw badRequest(`document_index ${f.document_index} does not name one of the ${docs.length} documents`, `form_fields_per_document.${i}.document_index`);
    }
  });
}

export async function createTemplate(ctx: RequestContext, body: TemplateContentBody, opts: { embedded: boolean; base?: TemplateRecord }): Promise<TemplateRecord> {
  const app = checkClientId(ctx, body.client_id);
  const docs = await collectDocuments(ctx);
  const base = opts.base;
  const fields = body.form_fields_per_document ?? base?.form_fields ?? [];
  checkFieldsAgainstDocuments(fields, docs);
  const withinQuota = ctx.accounts.consumeQuota(ctx.account.account_id, "templates_left");
  const problem = documentsProblem(docs, fields);
  const now = ctx.clock.now();
  const t: TemplateRecord = {
    template_id: newId(),
    owner_account_id: ctx.account.account_id,
    accounts: base ? [...base.accounts] : [ctx.account.account_id],
    client_id: body.client_id ?? base?.client_id ?? null,
    is_embedded: opts.embedded || Boolean(body.client_id) || (base?.is_embedded ?? false),
    status: "processing",
    outcome: problem ? { status: "error", message: problem } : { status: "ready" },
    error_msg: null,
    parent_template_id: base?.template_id ?? null,
    title: body.title ?? base?.title ?? docs[0]?.name ?? "Untitled",
    subject: body.subject ?? base?.subject ?? null,
    message: body.message ?? base?.message ?? null,
    metadata: base && !body.metadata ? base.metadata : withServiceMetadata(body.metadata ?? {}, app),
    signer_roles: body.signer_roles ?? base?.signer_roles ?? [],
    cc_roles: body.cc_roles ?? base?.cc_roles ?? [],
    merge_fields: body.merge_fields ?? base?.merge_fields ?? [],
    attachments: body.attachments ?? base?.attachments ?? [],
    form_fields: fields,
    form_field_groups: body.form_field_groups ?? base?.form_field_groups ?? [],
    documents: docs,
    is_locked: !withinQuota,
    test_mode: body.test_mode ?? false,
    signer_experience: body.signer_experience ?? base?.signer_experience ?? null,
    created_at: now,
    updated_at: now,
  };
  const hidden = hiddenUntil(ctx.options, "templateVisibilityDelayMs", ctx.clock.nowMs());
  if (hidden !== undefined) t.visible_at_ms = hidden;
  if (!t.accounts.includes(ctx.account.account_id)) t.accounts.unshift(ctx.account.account_id);
  templates(ctx.store).put(t.template_id, t);
  scheduleProcessing(ctx, t.template_id);
  return t;
}

/** An embedded editor URL (not served by the emulator) and its expiry. */
export function editUrl(ctx: RequestContext): { edit_url: string; expires_at: number } {
  const token = randomBytes(16).toString("hex");
  return { edit_url: `https://embedded.hellosign.com/prep-and-send/embedded-template?cached_params_token=${token}`, expires_at: ctx.clock.now() + 3600 };
}
