import { z } from "zod";
import type { InputsOf, NoProps, ResourceAbout, StateOf } from "../define";

export const faxLineInputs = z.object({
  areaCode: z.int().optional().describe("The area code to buy the number in."),
  country: z.string().optional().describe("CA, US or UK (case-insensitive)."),
  city: z.string().optional().describe("The city to buy the number in."),
  accountId: z.string().optional().describe("The account the line is bought for (default: the caller)."),
  number: z.string().optional().describe("Adopt this existing line instead of buying one (a warning names it). An output otherwise: the fax number (also the resource id)."),
});

export const faxLineOutputs = z.object({
  createdAt: z.int().nullish().describe("When the line was bought (Unix time)."),
  updatedAt: z.int().nullish().describe("When the line last changed (Unix time)."),
});

export const faxLineAbout = {
  description: "A fax line bought for the account. Deleting or replacing it releases the number for good: protect it.",
  calls: [
    ["preview", "none"],
    ["create", "`GET /fax_line/list` (once per run: what was there before, so a lost answer never buys a second line), `POST /fax_line/create`"],
    ["create with `number`", "`GET /fax_line?number=...`"],
    ["refresh", "`GET /fax_line?number=...` (a 404 or 410 with the service's error envelope: gone, leaves state)"],
    ["delete", "`DELETE /fax_line` with `{number}` (404: already gone)"],
  ],
  importId: "the fax number",
  importExample: "main <number>",
  requiredOutputs: ["number"] as const,
} satisfies ResourceAbout;

/** FaxLine's inputs, as check passes them on. */
export type FaxLineInputs = InputsOf<typeof faxLineInputs>;
/** What FaxLine's state holds: its inputs, its outputs (the required ones always there). */
export type FaxLineState = StateOf<typeof faxLineInputs, NoProps, typeof faxLineOutputs, (typeof faxLineAbout.requiredOutputs)[number]>;
