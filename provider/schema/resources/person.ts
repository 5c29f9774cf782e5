/** The person properties TeamMember, TemplateAccess and FaxLineUser share (resources/shared/membership.ts). */
import type { PropSpec } from "../spec";

export const personInputs: Record<string, PropSpec> = {
  emailAddress: { type: "string", description: "Who, by e-mail address (compared case-insensitively). One of `emailAddress` or `accountId` is required; the account id prevails." },
  accountId: { type: "string", description: "Who, by account id." },
};

export const grantStatus: PropSpec = {
  type: "string",
  description: "`granted`, or `pending` while the person's team invitation is open (granted by the first `pulumi up --refresh --run-program` after they accept).",
};
