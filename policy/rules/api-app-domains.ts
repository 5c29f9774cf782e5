/** API app domains lie within an allow-list. */
import type { ResourceValidationPolicy } from "@pulumi/policy";
import { allowedDomainsSchema, domainAllowed } from "../domains";
import { isKind, violation } from "../resources";

export const API_APP_DOMAINS = "esign-api-app-domains";

export const apiAppDomains: ResourceValidationPolicy = {
  name: API_APP_DOMAINS,
  description: "API app domains are within the allowed domains.",
  enforcementLevel: "mandatory",
  configSchema: { properties: { allowedDomains: { ...allowedDomainsSchema, default: [] } } },
  validateResource: (args, report) => {
    if (!isKind(args.type, "ApiApp")) return;
    const allowed = args.getConfig<{ allowedDomains?: string[] }>().allowedDomains ?? [];
    if (allowed.length === 0 || !Array.isArray(args.props.domains)) return;
    args.props.domains.forEach((domain: unknown, i: number) => {
      if (typeof domain === "string" && !domainAllowed(domain, allowed)) {
        report(violation(args, `domains[${i}]`, `"${domain}" is outside the allowed domains (${allowed.join(", ")})`, API_APP_DOMAINS));
      }
    });
  },
};
