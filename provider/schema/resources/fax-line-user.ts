import type { ResourceSpec } from "../spec";
import { grantStatus, personInputs } from "./person";

export const faxLineUserSpec: ResourceSpec = {
  description: "Lets one account use a fax line. A grant for someone whose team invitation is open is recorded as `pending`, with a warning.",
  importId: "`<number>/<accountId>`",
  inputs: {
    number: { type: "string", description: "The fax line's number." },
    ...personInputs,
  },
  requiredInputs: ["number"],
  outputs: { status: grantStatus },
  requiredOutputs: ["number", "status"],
};
