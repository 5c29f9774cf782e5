/**
 * An organisation's ceiling on what authoritative lists (the kinds whose definition `manages` a
 * collection authoritatively) remove in one run, over the whole stack: each set's own `maxRemovals` is the
 * program's, this one the policy owner's, so a program cannot raise it by itself (D104).
 */
import type { StackValidationPolicy } from "@pulumi/policy";
import { esignKind } from "../../provider/pulumi-state/type-token";
import { definitionOf } from "../../provider/resources/definitions";

export const AUTHORITATIVE_REMOVALS = "esign-authoritative-removals";
const DEFAULT_MAX = 5;

export const authoritativeRemovals: StackValidationPolicy = {
  name: AUTHORITATIVE_REMOVALS,
  description: `Authoritative lists remove at most maxRemovals (default ${DEFAULT_MAX}) people in one run, counted over the whole stack.`,
  enforcementLevel: "mandatory",
  configSchema: { properties: { maxRemovals: { type: "integer", minimum: 0, default: DEFAULT_MAX } } },
  validateStack: (args, report) => {
    const max = args.getConfig<{ maxRemovals?: number }>().maxRemovals ?? DEFAULT_MAX;
    const removals = args.resources
      .filter((r) => definitionOf(esignKind(r.type))?.manages?.authoritative)
      .flatMap((r) => (Array.isArray(r.props.removals) ? r.props.removals.filter((n): n is string => typeof n === "string").map((n) => `${n} (${r.name})`) : []));
    if (removals.length <= max) return;
    report(`authoritative lists would remove ${removals.length} people: ${removals.sort().join(", ")}; at most ${max} may go in one run (rule ${AUTHORITATIVE_REMOVALS})`);
  },
};
