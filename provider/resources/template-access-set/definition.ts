/** TemplateAccessSet: its implementation (resource.ts), properties and schema description (schema.ts) and examples, as one definition. */
import { defineResource } from "../define";
import { listNames } from "../shared/managed-names";
import { templateAccessSetExamples } from "./examples";
import { templateAccessSetImpl } from "./resource";
import { templateAccessSetAbout, templateAccessSetComputed, templateAccessSetInputs, templateAccessSetOutputs } from "./schema";

export const templateAccessSetDefinition = defineResource({
  kind: "TemplateAccessSet",
  inputs: templateAccessSetInputs,
  computed: templateAccessSetComputed,
  outputs: templateAccessSetOutputs,
  about: templateAccessSetAbout,
  impl: templateAccessSetImpl,
  examples: templateAccessSetExamples,
  adoptWith: () => "nothing: the set removes only, so creating it takes the list over",
  idOutput: "templateId",
  logicalName: (template) => `template:${template}:access`,
  madeBy: { idempotent: "the create applies the list: applying it again removes nothing more" },
  manages: { collection: "templates.access", parentKey: "templateId", names: listNames("users"), authoritative: true },
});
