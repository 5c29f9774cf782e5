/** At most N team members hold the Admin role, counted over the whole stack. */
import type { StackValidationPolicy } from "@pulumi/policy";
import { isKind } from "../resources";

export const MAX_ADMINS = "esign-max-admins";
const DEFAULT_MAX = 3;

export const maxAdmins: StackValidationPolicy = {
  name: MAX_ADMINS,
  description: `At most maxAdmins (default ${DEFAULT_MAX}) team members have the Admin role.`,
  enforcementLevel: "mandatory",
  configSchema: { properties: { maxAdmins: { type: "integer", minimum: 0, default: DEFAULT_MAX } } },
  validateStack: (args, report) => {
    const max = args.getConfig<{ maxAdmins?: number }>().maxAdmins ?? DEFAULT_MAX;
    const admins = args.resources.filter((r) => isKind(r.type, "TeamMember") && typeof r.props.role === "string" && r.props.role.toLowerCase() === "admin");
    if (admins.length <= max) return;
    const names = admins
      .map((r) => `"${r.name}"`)
      .sort()
      .join(", ");
    report(`${admins.length} TeamMember resources have property role = "Admin" (${names}); at most ${max} may (rule ${MAX_ADMINS})`);
  },
};
