/** Templates on production stacks are not in test mode. */
import * as pulumi from "@pulumi/pulumi";
import type { ResourceValidationPolicy } from "@pulumi/policy";
import { isKind, violation } from "../resources";

export const NO_TEST_MODE_IN_PRODUCTION = "esign-no-test-mode-in-production";
const DEFAULT_PATTERN = "(^|[-_./])prod(uction)?($|[-_./])";

/** The stack the pack checks; the language host passes it to the pack's process. */
function stackName(): string {
  return pulumi.getStack() || process.env.PULUMI_STACK || "";
}

export const noTestModeInProduction: ResourceValidationPolicy = {
  name: NO_TEST_MODE_IN_PRODUCTION,
  description: "Templates have no testMode: true on stacks whose name matches productionStackPattern.",
  enforcementLevel: "mandatory",
  configSchema: {
    properties: {
      productionStackPattern: {
        type: "string",
        default: DEFAULT_PATTERN,
        description: "A regular expression (case-insensitive) over the stack name.",
      },
    },
  },
  validateResource: (args, report) => {
    if (!isKind(args.type, "Template") || args.props.testMode !== true) return;
    const pattern = args.getConfig<{ productionStackPattern?: string }>().productionStackPattern ?? DEFAULT_PATTERN;
    const stack = stackName();
    if (!new RegExp(pattern, "i").test(stack)) return;
    report(violation(args, "testMode", `is true on production stack "${stack}"`, NO_TEST_MODE_IN_PRODUCTION));
  },
};
