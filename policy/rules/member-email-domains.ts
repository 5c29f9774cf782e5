/** Team members (and the people given template or fax line access: every kind with an `emailAddress` input) have e-mail addresses in allowed domains. */
import type { ResourceValidationPolicy } from "@pulumi/policy";
import { allowedDomainsSchema, domainAllowed, emailDomain } from "../domains";
import { esignKind } from "../../provider/pulumi-state/type-token";
import { definitionOf } from "../../provider/resources/definitions";
import { violation } from "../resources";

/** Whether the type's kind names a person by `emailAddress` (read from its definition's inputs). */
const namesAPerson = (type: string) => "emailAddress" in (definitionOf(esignKind(type))?.inputs.shape ?? {});

export const MEMBER_EMAIL_DOMAINS = "esign-member-email-domains";

export const memberEmailDomains: ResourceValidationPolicy = {
  name: MEMBER_EMAIL_DOMAINS,
  description: "Team members' e-mail addresses are within the allowed domains.",
  enforcementLevel: "mandatory",
  configSchema: { properties: { allowedDomains: { ...allowedDomainsSchema, default: [] } } },
  validateResource: (args, report) => {
    if (!namesAPerson(args.type)) return;
    const allowed = args.getConfig<{ allowedDomains?: string[] }>().allowedDomains ?? [];
    const email = args.props.emailAddress;
    if (allowed.length === 0 || typeof email !== "string") return;
    if (!domainAllowed(emailDomain(email), allowed)) {
      report(violation(args, "emailAddress", `"${email}" is outside the allowed domains (${allowed.join(", ")})`, MEMBER_EMAIL_DOMAINS));
    }
  },
};
