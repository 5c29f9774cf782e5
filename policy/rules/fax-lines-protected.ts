/** Fax lines carry `protect`: deleting one releases its phone number for good. */
import type { ResourceValidationPolicy } from "@pulumi/policy";
import { isKind, violation } from "../resources";

export const FAX_LINES_PROTECTED = "esign-fax-lines-protected";

export const faxLinesProtected: ResourceValidationPolicy = {
  name: FAX_LINES_PROTECTED,
  description: "Fax lines have the protect resource option (the account file's `protect`), so no up or destroy deletes one.",
  enforcementLevel: "advisory",
  validateResource: (args, report) => {
    if (!isKind(args.type, "FaxLine") || args.opts.protect) return;
    report(violation(args, "protect", "a fax line must be protected (resource option protect: true)", FAX_LINES_PROTECTED));
  },
};
