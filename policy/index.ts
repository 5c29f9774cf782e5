/**
 * The esign account policy pack: guardrails an account owner sets on every preview.
 *
 *   pulumi preview --policy-pack node_modules/pulumi-esign/policy [--policy-pack-config policy.json]
 *
 * Every rule's enforcement level and parameters come from the pack's config (docs/policy.md).
 */
import { PolicyPack } from "@pulumi/policy";
import { policies } from "./policies";

new PolicyPack("esign-account", { policies });
