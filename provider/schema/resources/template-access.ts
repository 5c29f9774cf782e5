import type { ResourceSpec } from "../spec";
import { grantStatus, personInputs } from "./person";

export const templateAccessSpec: ResourceSpec = {
  description: "Lets one account use a template. A grant for someone whose team invitation is open is recorded as `pending`, with a warning.",
  importId: "`<templateId>/<accountId>`",
  inputs: {
    templateId: { type: "string", description: "The template." },
    ...personInputs,
    skipNotification: { type: "boolean", description: "Do not e-mail the person about the grant (used at create only)." },
  },
  requiredInputs: ["templateId"],
  outputs: { status: grantStatus },
  requiredOutputs: ["templateId", "status"],
};
