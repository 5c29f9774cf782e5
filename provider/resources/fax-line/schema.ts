import type { ResourceSpec } from "../../schema/spec";

export const faxLineSpec: ResourceSpec = {
  description: "A fax line bought for the account. Deleting or replacing it releases the number for good: protect it.",
  calls: [
    ["preview", "none"],
    ["create", "`POST /fax_line/create`"],
    ["create with `number`", "`GET /fax_line?number=...`"],
    ["refresh", "`GET /fax_line?number=...` (a 404 or 410 with the service's error envelope: gone, leaves state)"],
    ["delete", "`DELETE /fax_line` with `{number}` (404: already gone)"],
  ],
  importId: "the fax number",
  importExample: "main <number>",
  inputs: {
    areaCode: { type: "integer", description: "The area code to buy the number in." },
    country: { type: "string", description: "CA, US or UK (case-insensitive)." },
    city: { type: "string", description: "The city to buy the number in." },
    accountId: { type: "string", description: "The account the line is bought for (default: the caller)." },
    number: { type: "string", description: "Adopt this existing line instead of buying one (a warning names it). An output otherwise: the fax number (also the resource id)." },
  },
  outputs: {
    createdAt: { type: "integer", description: "When the line was bought (Unix time)." },
    updatedAt: { type: "integer", description: "When the line last changed (Unix time)." },
  },
  requiredOutputs: ["number"],
};
