/** Team members (and the people given template or fax line access) have e-mail addresses in allowed domains. */
import type { ResourceValidationPolicy } from "@pulumi/policy";
import { allowedDomainsSchema, domainAllowed, emailDomain } from "../domains";
import { isKind, violation } from "../resources";

export const MEMBER_EMAIL_DOMAINS = "esign-member-email-domains";

export const memberEmailDomains: ResourceValidationPolicy = {
  name: MEMBER_EMAIL_DOMAINS,
  description: "Team members' e-mail addresses are within the allowed domains.",
  enforcementLevel: "mandatory",
  configSchema: { properties: { allowedDomains: { ...allowedDomainsSchema, default: [] } } },
  validateResource: (args, report) => {
    if (!isKind(args.type, "TeamMember", "TemplateAccess", "FaxLineUser")) return;
    const allowed = args.getConfig<{ allowedDomains?: string[] }>().allowedDomains ?? [];
    const email = args.props.emailAddress;
    if (allowed.length === 0 || typeof email !== "string") return;
    if (!domainAllowed(emailDomain(email), allowed)) {
      report(violation(args, "emailAddress", `"${email}" is outside the allowed domains (${allowed.join(", ")})`, MEMBER_EMAIL_DOMAINS));
    }
  },
};
