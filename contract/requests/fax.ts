/** Requests of the fax line and fax operations (API key only). */
import { z } from "zod";
import { CA_PROVINCES, FAX_COUNTRIES, US_STATES, oneOf } from "../enums";
import { E164_DIGITS_PATTERN, E164_PATTERN, documentSourceRule, emailAddress, id, pageQuery } from "../primitives";
import { documentSourceKeys } from "./shared";

const faxNumber = z.string().min(1, { error: "must not be empty" });

/**
 * The digits an area code can have per country (D64): North American area codes are three
 * digits and never start with 0 or 1 (NANP); UK codes are written without the trunk 0, two
 * to five digits (20 London, 161 Manchester, 15396 Sedbergh).
 */
export const FAX_AREA_CODE_RANGES: Record<(typeof FAX_COUNTRIES)[number], { min: number; max: number; rule: string }> = {
  US: { min: 200, max: 999, rule: "three digits, 200 to 999" },
  CA: { min: 200, max: 999, rule: "three digits, 200 to 999" },
  UK: { min: 10, max: 99999, rule: "two to five digits without the leading 0" },
};

function areaCodeFitsCountry(value: { area_code?: unknown; country?: unknown }, ctx: z.RefinementCtx): void {
  const range = FAX_AREA_CODE_RANGES[value.country as keyof typeof FAX_AREA_CODE_RANGES];
  const code = value.area_code;
  if (!range || typeof code !== "number" || !Number.isInteger(code)) return;
  if (code < range.min || code > range.max) {
    ctx.addIssue({ code: "custom", path: ["area_code"], message: `a ${value.country as string} area code is ${range.rule}` });
  }
}

export const faxLineCreateBody = z
  .object({
    area_code: z.number().int({ error: "must be an integer" }).min(0, { error: "at least 0" }),
    country: oneOf(FAX_COUNTRIES),
    city: z.string().optional(),
    account_id: id().optional(),
  })
  .superRefine(areaCodeFitsCountry);

export const faxLineNumberQuery = z.object({ number: faxNumber });
export const faxLineDeleteBody = z.object({ number: faxNumber });

/** add_user / remove_user: number plus the account (id or e-mail; unset means the caller). */
export const faxLineUserBody = z.object({
  number: faxNumber,
  account_id: id().optional(),
  email_address: emailAddress().optional(),
});

export const faxLineListQuery = z.object({
  account_id: id().optional(),
  show_team_lines: z.boolean().optional(),
  ...pageQuery,
});

export const faxLineAreaCodesQuery = z.object({
  country: oneOf(FAX_COUNTRIES),
  state: oneOf(US_STATES).optional(),
  province: oneOf(CA_PROVINCES).optional(),
  city: z.string().optional(),
});

/** recipient: an E.164 number (the "+" may be left out, as in the official example) or an e-mail address. */
const recipient = z
  .string()
  .refine((value) => E164_PATTERN.test(value) || E164_DIGITS_PATTERN.test(value) || z.email().safeParse(value).success, { error: "must be an E.164 phone number or an e-mail address" });

export const faxSendBody = z
  .object({
    ...documentSourceKeys,
    recipient,
    sender: z.string().optional(),
    test_mode: z.boolean().optional(),
    cover_page_to: z.string().optional(),
    cover_page_from: z.string().optional(),
    cover_page_message: z.string().optional(),
    title: z.string().optional(),
  })
  .superRefine(documentSourceRule);

export const faxIdParams = z.object({ fax_id: id() });
export const faxListQuery = z.object({ ...pageQuery });
