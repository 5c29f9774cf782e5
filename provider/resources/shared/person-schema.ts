/** The person properties TeamMember, TemplateAccess and FaxLineUser share (membership.ts), as zod. */
import { z } from "zod";

export const personShape = {
  emailAddress: z.string().optional().describe("Who, by e-mail address (compared case-insensitively). One of `emailAddress` or `accountId` is required; the account id prevails."),
  accountId: z.string().optional().describe("Who, by account id."),
};

export const grantStatus = z
  .enum(["granted", "pending"])
  .describe("`granted`, or `pending` while the person's team invitation is open (granted by the first `pulumi up --refresh --run-program` after they accept).");
