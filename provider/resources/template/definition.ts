/** Template: its implementation (resource.ts), properties and schema description (schema.ts) and examples, as one definition. */
import { defineResource } from "../define";
import { idName } from "../shared/managed-names";
import { templateFinder } from "./made";
import { templateExamples } from "./examples";
import { templateImpl } from "./resource";
import { templateAbout, templateSignerRole, templateMergeField, templateComputed, templateInputs, templateOutputs } from "./schema";

export const templateDefinition = defineResource({
  kind: "Template",
  inputs: templateInputs,
  computed: templateComputed,
  outputs: templateOutputs,
  about: templateAbout,
  impl: templateImpl,
  types: [templateSignerRole, templateMergeField],
  examples: templateExamples,
  adoptWith: (id) => `templateId: "${id}"`,
  idOutput: "templateId",
  logicalName: (key) => `template:${key}`,
  madeBy: { finder: templateFinder },
  manages: { collection: "templates", names: idName("templateId") },
});
