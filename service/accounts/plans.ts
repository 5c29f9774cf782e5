/**
 * @module service/accounts/plans
 * What each plan allows and its starting quotas. Plan-gated features of the interface:
 * white labeling and custom logos (some API plans), allow_reassign (Premium and higher),
 * moving a removed member's data with new_owner_email_address (Enterprise), eID (add-on).
 */
import type { PlanName, Quotas } from "./types";

export interface PlanCapabilities {
  white_labeling: boolean;
  custom_logo: boolean;
  allow_reassign: boolean;
  /** team.remove_member with new_owner_email_address. */
  new_owner_transfer: boolean;
  /** Production (non test_mode) signature requests need a paid plan (402 otherwise). */
  paid: boolean;
}

export const PLAN_NAMES: readonly PlanName[] = ["free", "essentials", "standard", "premium", "enterprise"];

const CAPABILITIES: Record<PlanName, PlanCapabilities> = {
  free: { white_labeling: false, custom_logo: false, allow_reassign: false, new_owner_transfer: false, paid: false },
  essentials: { white_labeling: false, custom_logo: false, allow_reassign: false, new_owner_transfer: false, paid: true },
  standard: { white_labeling: false, custom_logo: true, allow_reassign: false, new_owner_transfer: false, paid: true },
  premium: { white_labeling: true, custom_logo: true, allow_reassign: true, new_owner_transfer: false, paid: true },
  enterprise: { white_labeling: true, custom_logo: true, allow_reassign: true, new_owner_transfer: true, paid: true },
};

/**
 * Starting quotas; null = unlimited. The free plan's are the recorded ones (S1
 * testCreateAccount.json, S2 get_template_valid.yaml): no API templates, so every template a
 * free account makes through the API is locked (with the need_credit warning). The paid
 * plans' numbers are the emulator's.
 */
const QUOTAS: Record<PlanName, Quotas> = {
  free: { templates_left: 0, documents_left: 3, api_signature_requests_left: 0, sms_verifications_left: 0 },
  essentials: { templates_left: 5, documents_left: null, api_signature_requests_left: 50, sms_verifications_left: 10 },
  standard: { templates_left: null, documents_left: null, api_signature_requests_left: 500, sms_verifications_left: 50 },
  premium: { templates_left: null, documents_left: null, api_signature_requests_left: 5000, sms_verifications_left: 500 },
  enterprise: { templates_left: null, documents_left: null, api_signature_requests_left: 50000, sms_verifications_left: 5000 },
};

export function isPlanName(v: unknown): v is PlanName {
  return typeof v === "string" && (PLAN_NAMES as readonly string[]).includes(v);
}

export function planCapabilities(plan: PlanName): PlanCapabilities {
  return CAPABILITIES[plan];
}

export function defaultQuotas(plan: PlanName): Quotas {
  return { ...QUOTAS[plan] };
}
