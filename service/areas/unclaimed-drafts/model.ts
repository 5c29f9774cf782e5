/**
 * @module service/areas/unclaimed-drafts/model
 * The stored draft (table "unclaimed_drafts", keyed by its claim token) and its response
 * view. The claim URL is served by this service: GET {url}/v3/unclaimed_draft/claim/{token}.
 */
import { newSecret } from "../../http/ids";
import type { ServiceContext } from "../../kernel";
import type { Store } from "../../store/types";
import { serviceUrl, type StoredDocument } from "../signature-requests/documents";

export type DraftType = "send_document" | "request_signature";
export type DraftKind = "create" | "create_embedded" | "create_embedded_with_template" | "edit_and_resend";

export interface DraftRecord {
  token: string;
  kind: DraftKind;
  type: DraftType;
  account_id: string;
  /** Embedded drafts open only inside the app's iFrame (see claim.ts). */
  embedded: boolean;
  client_id: string | null;
  signature_request_id: string | null;
  requester_email_address: string | null;
  title: string | null;
  subject: string | null;
  message: string | null;
  metadata: Record<string, unknown>;
  signers: Record<string, unknown>[];
  ccs: Record<string, unknown>[];
  cc_email_addresses: string[];
  custom_fields: Record<string, unknown>[];
  template_ids: string[];
  documents: StoredDocument[];
  /** Flags as they take effect (defaults applied), shown on the claim page. */
  options: Record<string, unknown>;
  test_mode: boolean;
  signing_redirect_url: string | null;
  requesting_redirect_url: string | null;
  /** expires_at of the signature request the draft becomes (not the claim link's). */
  request_expires_at: number | null;
  /** Claim link expiry. */
  expires_at: number;
  created_at: number;
  claimed_by: string | null;
  claimed_at: number | null;
}

/** How long a claim link stays valid (the real service's links last days, not forever). */
export const CLAIM_LINK_TTL_SECONDS = 3 * 24 * 3600;

export const drafts = (store: Store) => store.table<DraftRecord>("unclaimed_drafts");

export const newClaimToken = (): string => newSecret().slice(0, 40);

export function claimUrl(svc: ServiceContext, d: DraftRecord): string {
  return `${serviceUrl(svc)}/v3/unclaimed_draft/claim/${d.token}`;
}

export function draftView(svc: ServiceContext, d: DraftRecord) {
  return {
    claim_url: claimUrl(svc, d),
    signature_request_id: d.signature_request_id,
    signing_redirect_url: d.signing_redirect_url,
    requesting_redirect_url: d.requesting_redirect_url,
    expires_at: d.expires_at,
    test_mode: d.test_mode,
  };
}
