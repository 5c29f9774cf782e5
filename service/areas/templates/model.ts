/**
 * @module service/areas/templates/model
 * The stored template and its response view. Table "templates", keyed by template_id.
 * `accounts` lists every account with access (the creator first).
 */
import { accountSummary } from "../../accounts/summary";
import type { Account } from "../../accounts/types";
import type { AccountService } from "../../accounts/service";
import { isVisible } from "../../control/visibility-delay";
import { notFound } from "../../http/errors";
import type { Store } from "../../store/types";
import type { DocumentFacts } from "./documents";

export type TemplateStatus = "processing" | "ready" | "error";

export interface FormFieldInput {
  document_index: number;
  api_id: string;
  name?: string;
  type: string;
  x: number;
  y: number;
  width: number;
  height: number;
  required: boolean;
  signer: number | string;
  page?: number | null;
  group?: string;
  [k: string]: unknown;
}

export interface TemplateRecord {
  template_id: string;
  owner_account_id: string;
  accounts: string[];
  client_id: string | null;
  is_embedded: boolean;
  status: TemplateStatus;
  /** What processing will end in (decided when the files were inspected). */
  outcome: { status: "ready" } | { status: "error"; message: string };
  error_msg: string | null;
  /** Template this one was made from by update_files. */
  parent_template_id: string | null;
  title: string;
  /** Kept (signature requests made from the template use it) but never answered: S2, S1, the description. */
  subject: string | null;
  /** null when never set, as recorded. */
  message: string | null;
  metadata: Record<string, unknown>;
  signer_roles: { name: string; order?: number | null }[];
  cc_roles: string[];
  merge_fields: { name: string; type: string }[];
  attachments: Record<string, unknown>[];
  form_fields: FormFieldInput[];
  form_field_groups: { group_id: string; group_label: string; requirement: string }[];
  documents: DocumentFacts[];
  is_locked: boolean;
  test_mode: boolean;
  signer_experience: Record<string, unknown> | null;
  created_at: number;
  updated_at: number;
  /** "web": made in the web UI (POST /_local/templates), which the API may not edit. Absent: the API. */
  origin?: "api" | "web";
  /** Until this time (ms) reads answer 404 and lists leave it out (templateVisibilityDelayMs, D120). */
  visible_at_ms?: number;
}

export const templates = (store: Store) => store.table<TemplateRecord>("templates");

/** The recorded 404 text of GET /template/{id} (S2 get_template_invalid.yaml, 2021). */
export const templateNotFound = (template_id: string) => notFound(`Template not found: ${template_id}`, "template_id");

/** The template when the caller has access to it, else 404. */
export function accessibleTemplate(store: Store, caller: Account, template_id: string): TemplateRecord {
  const t = templates(store).get(template_id);
  if (!t || !t.accounts.includes(caller.account_id)) throw templateNotFound(template_id);
  return t;
}

/**
 * The template when the caller has access to it and the read-after-create lag no longer hides
 * it (control/visibility-delay.ts, D120), else the recorded 404: what GET, the file URLs and the
 * edit URL answer.
 */
export function readableTemplate(store: Store, caller: Account, template_id: string, nowMs: number): TemplateRecord {
  const t = accessibleTemplate(store, caller, template_id);
  if (!isVisible(t, nowMs)) throw templateNotFound(template_id);
  return t;
}

function formFieldView(f: FormFieldInput) {
  const base = {
    api_id: f.api_id,
    name: f.name ?? f.api_id,
    type: f.type,
    signer: f.signer === undefined || f.signer === null ? null : String(f.signer),
    x: f.x,
    y: f.y,
    width: f.width,
    height: f.height,
    required: f.required,
    group: f.group ?? null,
  };
  if (f.type !== "text") return base;
  // Text fields carry these camelCase keys on the wire (service-api-facts §3).
  return {
    ...base,
    avg_text_length: { num_lines: 1, num_chars_per_line: Math.max(1, Math.floor(f.width / 7)) },
    isMultiline: false,
    originalFontSize: 12,
    fontFamily: "helvetica",
  };
}

export function templateView(t: TemplateRecord, caller: Account, accounts: AccountService) {
  const isCreator = t.owner_account_id === caller.account_id;
  return {
    template_id: t.template_id,
    title: t.title,
    // No subject: no recording (S2 get_template_valid.yaml, list_templates.yaml; S1) nor the
    // description's TemplateResponse has one.
    message: t.message ?? null,
    updated_at: t.updated_at,
    is_creator: isCreator,
    is_embedded: isCreator ? t.is_embedded : null,
    can_edit: isCreator,
    is_locked: t.is_locked,
    metadata: t.metadata,
    // order is present, null when unset (S2 list_templates.yaml).
    signer_roles: t.signer_roles.map((r) => ({ name: r.name, order: r.order ?? null })),
    cc_roles: t.cc_roles.map((name) => ({ name })),
    documents: t.documents.map((d) => {
      const fields = t.form_fields.filter((f) => f.document_index === d.index);
      const used = new Set(fields.map((f) => f.group).filter(Boolean));
      return {
        index: d.index,
        name: d.name,
        field_groups: t.form_field_groups.filter((g) => used.has(g.group_id)).map((g) => ({ name: g.group_id, rule: { requirement: g.requirement, groupLabel: g.group_label } })),
        form_fields: fields.map(formFieldView),
        custom_fields: t.merge_fields.map((m) => ({ name: m.name, type: m.type })),
        static_fields: [],
      };
    }),
    // Quotas as they are, null (unlimited) included, as recorded (S5 template.json, S1).
    accounts: t.accounts.flatMap((id) => {
      const a = accounts.byId(id);
      return a ? [accountSummary(a)] : [];
    }),
    attachments: t.attachments,
    // Not nullable in the spec: absent until set.
    ...(t.signer_experience ? { signer_experience: t.signer_experience } : {}),
  };
}
