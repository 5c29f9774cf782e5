/**
 * @module service/control/fields
 * Zod pieces the control routes share: text that may carry a number (query strings do),
 * plan names and quotas.
 */
import { z } from "zod";
import { PLAN_NAMES } from "../accounts/plans";
import type { PlanName } from "../accounts/types";

/** A number, or a string holding one ("5" from a query string). */
export const numeric = z.preprocess((v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v), z.number());

export const planName = z.enum(PLAN_NAMES as [PlanName, ...PlanName[]]);

const quota = z.number().int().nullable();
/** Quota overrides; templates_left and documents_left may be null (unlimited). */
export const quotasInput = z
  .strictObject({
    templates_left: quota,
    documents_left: quota,
    api_signature_requests_left: z.number().int(),
    sms_verifications_left: z.number().int(),
  })
  .partial();

/** A required, non-empty string. */
export const required = z.string().min(1, "is required");
