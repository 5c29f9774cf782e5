/**
 * @module service/areas/signature-requests/model
 * The stored signature request (table "signature_requests", keyed by signature_request_id),
 * its response view, lazy expiry and the shared creation path used by edit, drafts and the
 * control plane.
 *
 * Expiry is evaluated on read against the service clock: once `expires_at` is reached, every
 * unsigned signature moves to `expired` (and signature_request_expired is emitted once).
 */
import type { Account } from "../../accounts/types";
import { notFound } from "../../http/errors";
import { newId } from "../../http/ids";
import type { ServiceContext } from "../../kernel";
import type { Store } from "../../store/types";
import { serviceUrl, type StoredDocument } from "./documents";

export interface SignatureRecord {
  signature_id: string;
  signer_email_address: string;
  signer_name: string;
  signer_role: string | null;
  order: number;
  status_code: "awaiting_signature" | "signed" | "declined" | "expired" | "on_hold";
  signed_at: number | null;
  last_viewed_at: number | null;
  last_reminded_at: number | null;
  has_pin: boolean;
  has_sms_auth: boolean;
  has_sms_delivery: boolean;
  sms_phone_number: string | null;
  signer_group_guid: string | null;
}

/** An attachment a signer is asked for (the description's SignatureRequestResponseAttachment). */
export type StoredAttachment = {
  id: string;
  signer: string;
  name: string;
  required: boolean;
  instructions: string | null;
  uploaded_at: number | null;
};

export interface SignatureRequestRecord {
  signature_request_id: string;
  account_id: string;
  client_id: string | null;
  title: string;
  original_title: string;
  subject: string | null;
  message: string | null;
  metadata: Record<string, unknown>;
  test_mode: boolean;
  created_at: number;
  expires_at: number | null;
  is_complete: boolean;
  is_declined: boolean;
  has_error: boolean;
  /** "draft": made by a draft or the control plane and not sent yet; "sent": out for signature. */
  state: "draft" | "sent";
  is_embedded: boolean;
  is_eid: boolean;
  allow_decline: boolean;
  allow_reassign: boolean;
  custom_fields: Record<string, unknown>[];
  response_data: Record<string, unknown>[];
  signing_redirect_url: string | null;
  requester_email_address: string;
  cc_email_addresses: string[];
  attachments: StoredAttachment[];
  template_ids: string[] | null;
  signatures: SignatureRecord[];
  documents: StoredDocument[];
  form_fields_per_document: Record<string, unknown>[];
  expired_event_sent: boolean;
  updated_at: number;
}

export const signatureRequests = (store: Store) => store.table<SignatureRequestRecord>("signature_requests");

/** "values sent as numbers are returned as text" (metadata rule), applied recursively. */
export function metadataAsText(v: unknown): Record<string, unknown> {
  const conv = (x: unknown): unknown => {
    if (typeof x === "number") return String(x);
    if (Array.isArray(x)) return x.map(conv);
    if (x && typeof x === "object") return Object.fromEntries(Object.entries(x).map(([k, c]) => [k, conv(c)]));
    return x;
  };
  return v && typeof v === "object" && !Array.isArray(v) ? (conv(v) as Record<string, unknown>) : {};
}

export interface SignerInput {
  name: string;
  email_address: string;
  order?: number | null;
  role?: string | null;
  pin?: string;
  sms_phone_number?: string;
  group?: string | null;
}

export function newSignatures(signers: SignerInput[]): SignatureRecord[] {
  return signers.map((s, i) => ({
    signature_id: newId(),
    signer_email_address: s.email_address,
    signer_name: s.name,
    signer_role: s.role ?? null,
    order: s.order ?? i,
    status_code: "awaiting_signature",
    signed_at: null,
    last_viewed_at: null,
    last_reminded_at: null,
    has_pin: Boolean(s.pin),
    has_sms_auth: Boolean(s.sms_phone_number),
    has_sms_delivery: false,
    sms_phone_number: s.sms_phone_number ?? null,
    signer_group_guid: s.group ?? null,
  }));
}

export interface NewSignatureRequest {
  account: Account;
  title?: string;
  subject?: string | null;
  message?: string | null;
  metadata?: unknown;
  test_mode?: boolean;
  client_id?: string | null;
  signers?: SignerInput[];
  expires_at?: number | null;
  state?: "draft" | "sent";
  is_embedded?: boolean;
  requester_email_address?: string;
  template_ids?: string[] | null;
  documents?: StoredDocument[];
}

/** Creates and stores a request (no quota, no events: callers decide). */
export function createSignatureRequest(svc: ServiceContext, input: NewSignatureRequest): SignatureRequestRecord {
  const now = svc.clock.now();
  const title = input.title ?? "Untitled";
  const rec: SignatureRequestRecord = {
    signature_request_id: newId(),
    account_id: input.account.account_id,
    client_id: input.client_id ?? null,
    title,
    original_title: title,
    subject: input.subject ?? null,
    message: input.message ?? null,
    metadata: metadataAsText(input.metadata),
    test_mode: input.test_mode ?? false,
    created_at: now,
    expires_at: input.expires_at ?? null,
    is_complete: false,
    is_declined: false,
    has_error: false,
    state: input.state ?? "draft",
    is_embedded: input.is_embedded ?? false,
    is_eid: false,
    allow_decline: false,
    allow_reassign: false,
    custom_fields: [],
    response_data: [],
    signing_redirect_url: null,
    requester_email_address: input.requester_email_address ?? input.account.email_address,
    cc_email_addresses: [],
    attachments: [],
    template_ids: input.template_ids ?? null,
    signatures: newSignatures(input.signers ?? []),
    documents: input.documents ?? [],
    form_fields_per_document: [],
    expired_event_sent: false,
    updated_at: now,
  };
  signatureRequests(svc.store).put(rec.signature_request_id, rec);
  return rec;
}

/** Applies expiry (lazily, on read). Saves and emits when something changed. */
export function refreshExpiry(svc: ServiceContext, rec: SignatureRequestRecord): SignatureRequestRecord {
  if (rec.expires_at === null || svc.clock.now() < rec.expires_at || rec.expired_event_sent) return rec;
  for (const s of rec.signatures) if (s.status_code === "awaiting_signature" || s.status_code === "on_hold") s.status_code = "expired";
  rec.expired_event_sent = true;
  rec.updated_at = svc.clock.now();
  signatureRequests(svc.store).put(rec.signature_request_id, rec);
  if (rec.state === "sent") emitRequestEvent(svc, rec, "signature_request_expired");
  return rec;
}

/** Team mates can see each other's requests (account_id=all on list); others get 404. */
export function visibleTo(svc: ServiceContext, caller: Account, rec: SignatureRequestRecord): boolean {
  if (rec.account_id === caller.account_id) return true;
  const owner = svc.accounts.byId(rec.account_id);
  return Boolean(caller.team_id && owner?.team_id === caller.team_id);
}

export function requestFor(svc: ServiceContext, caller: Account, id: string): SignatureRequestRecord {
  const rec = signatureRequests(svc.store).get(id);
  if (!rec || !visibleTo(svc, caller, rec)) throw notFound(`Signature request ${id} not found`, "signature_request_id");
  return refreshExpiry(svc, rec);
}

export function signatureRequestView(svc: ServiceContext, rec: SignatureRequestRecord) {
  const base = serviceUrl(svc);
  const id = rec.signature_request_id;
  return {
    signature_request_id: id,
    test_mode: rec.test_mode,
    title: rec.title,
    original_title: rec.original_title,
    subject: rec.subject,
    message: rec.message,
    metadata: rec.metadata,
    created_at: rec.created_at,
    expires_at: rec.expires_at,
    is_complete: rec.is_complete,
    is_declined: rec.is_declined,
    has_error: rec.has_error,
    files_url: `${base}/v3/signature_request/files/${id}`,
    signing_url: rec.is_embedded ? null : `https://app.hellosign.com/sign/${id}`,
    details_url: `https://app.hellosign.com/home/manage?guid=${id}`,
    requester_email_address: rec.requester_email_address,
    signing_redirect_url: rec.signing_redirect_url,
    final_copy_uri: null,
    template_ids: rec.template_ids,
    cc_email_addresses: rec.cc_email_addresses,
    custom_fields: rec.custom_fields,
    response_data: rec.response_data,
    attachments: rec.attachments,
    bulk_send_job_id: null,
    signatures: rec.signatures.map((s) => ({ ...s, decline_reason: null, reassigned_by: null, reassignment_reason: null, error: null })),
  };
}

/** Emits an event about a request; its metadata rides along (events rule 4). */
export function emitRequestEvent(svc: ServiceContext, rec: SignatureRequestRecord, event_type: string, related_signature_id?: string): void {
  svc.events.emit({
    event_type,
    account_id: rec.account_id,
    client_id: rec.client_id,
    related_signature_id: related_signature_id ?? null,
    payload: { signature_request: signatureRequestView(svc, rec) },
  });
}
