/**
 * A resource's schema description: its text, then its usage examples in Pulumi's
 * `{{% examples %}}` form and an `## Import` section. The SDK generators keep each language's own
 * fenced block (and the `sh` one) in that SDK's docstring; the registry shows them all.
 */
import { resourceExamples } from "./examples";
import type { ResourceSpec } from "./spec";

const LANGUAGES = ["typescript", "python", "go", "yaml"] as const;

const fence = (lang: string, code: string) => `\`\`\`${lang}\n${code.trimEnd()}\n\`\`\``;

function examplesText(kind: string): string {
  const examples = resourceExamples[kind] ?? [];
  if (!examples.length) return "";
  const each = examples.map((e) => ["{{% example %}}", `### ${e.title}`, "", ...LANGUAGES.map((l) => fence(l, e[l])), "{{% /example %}}"].join("\n"));
  return ["{{% examples %}}", "## Example Usage", "", ...each, "{{% /examples %}}"].join("\n");
}

/** The `pulumi import` line of a resource, as its docs and the schema show it. */
export const importCommand = (token: string, spec: ResourceSpec) => `pulumi import ${token} ${spec.importExample}`;

function importSection(token: string, spec: ResourceSpec): string {
  return [
    "## Import",
    "",
    `Import an existing object with its id, ${spec.importId} (the native plugin reads it with only the id; \`esign export --format pulumi-import\` writes a file of them for \`pulumi import --file\`):`,
    "",
    fence("sh", `$ ${importCommand(token, spec)}`),
  ].join("\n");
}

/** The description schema.json carries for the resource `token` of kind `kind`. */
export function resourceDescription(kind: string, token: string, spec: ResourceSpec, extra: string): string {
  return [`${spec.description}${extra}`, examplesText(kind), importSection(token, spec)].filter(Boolean).join("\n\n");
}
