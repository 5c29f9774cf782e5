/** Templates name at least one signer role. */
import type { ResourceValidationPolicy } from "@pulumi/policy";
import { isKind, violation } from "../resources";

export const TEMPLATE_SIGNER_ROLES = "esign-template-signer-roles";

export const templateSignerRoles: ResourceValidationPolicy = {
  name: TEMPLATE_SIGNER_ROLES,
  description: "Templates have at least minSignerRoles (default 1) signer roles.",
  enforcementLevel: "mandatory",
  configSchema: { properties: { minSignerRoles: { type: "integer", minimum: 1, default: 1 } } },
  validateResource: (args, report) => {
    if (!isKind(args.type, "Template")) return;
    const min = args.getConfig<{ minSignerRoles?: number }>().minSignerRoles ?? 1;
    const roles = args.props.signerRoles;
    if (roles !== undefined && !Array.isArray(roles)) return; // not yet known
    const count = roles?.length ?? 0;
    if (count < min) report(violation(args, "signerRoles", `has ${count} signer role(s), at least ${min} required`, TEMPLATE_SIGNER_ROLES));
  },
};
