/** Every rule of the pack, in the order docs/policy.md lists them. */
import type { Policies } from "@pulumi/policy";
import { apiAppDomains } from "./rules/api-app-domains";
import { authoritativeRemovals } from "./rules/authoritative-removals";
import { faxLinesProtected } from "./rules/fax-lines-protected";
import { httpsCallbacks } from "./rules/https-callbacks";
import { maxAdmins } from "./rules/max-admins";
import { memberEmailDomains } from "./rules/member-email-domains";
import { noTestModeInProduction } from "./rules/no-test-mode-in-production";
import { templateSignerRoles } from "./rules/template-signer-roles";

export const policies: Policies = [httpsCallbacks, apiAppDomains, maxAdmins, faxLinesProtected, templateSignerRoles, noTestModeInProduction, memberEmailDomains, authoritativeRemovals];
