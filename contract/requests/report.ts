/** Request of report.create: MM/DD/YYYY dates, range and age rules, 1..2 report types. */
import { z } from "zod";
import * as L from "../limits";
import { REPORT_TYPES, oneOf } from "../enums";

export const REPORT_DATE_PATTERN = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** Parses MM/DD/YYYY into a UTC date, or undefined when it is no real calendar date. */
export function parseReportDate(value: string): Date | undefined {
  const match = REPORT_DATE_PATTERN.exec(value);
  if (!match) return undefined;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? date : undefined;
}

const reportDate = z.string().refine((value) => parseReportDate(value) !== undefined, {
  error: "must be a date in MM/DD/YYYY format",
});

function addUtcMonths(date: Date, months: number): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, date.getUTCDate()));
}

export const reportCreateBody = z
  .object({
    start_date: reportDate,
    end_date: reportDate,
    report_type: z
      .array(oneOf(REPORT_TYPES))
      .min(L.REPORT_TYPE_MIN_ITEMS, { error: `at least ${L.REPORT_TYPE_MIN_ITEMS} item` })
      .max(L.REPORT_TYPE_MAX_ITEMS, { error: `at most ${L.REPORT_TYPE_MAX_ITEMS} items` }),
  })
  .superRefine((value, ctx) => {
    const start = parseReportDate(String(value.start_date));
    const end = parseReportDate(String(value.end_date));
    if (!start || !end) return;
    if (end < start) {
      ctx.addIssue({ code: "custom", path: ["end_date"], message: "end_date must not be before start_date" });
    } else if (end > addUtcMonths(start, L.REPORT_MAX_RANGE_MONTHS)) {
      ctx.addIssue({ code: "custom", path: ["end_date"], message: `date range at most ${L.REPORT_MAX_RANGE_MONTHS} months` });
    }
    const now = new Date();
    const oldest = new Date(Date.UTC(now.getUTCFullYear() - L.REPORT_MAX_START_YEARS_BACK, now.getUTCMonth(), now.getUTCDate()));
    if (start < oldest) {
      ctx.addIssue({ code: "custom", path: ["start_date"], message: `start_date at most ${L.REPORT_MAX_START_YEARS_BACK} years in the past` });
    }
  });
