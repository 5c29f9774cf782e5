/** TemplateAccess: its implementation (resource.ts), properties and schema description (schema.ts) and examples, as one definition. */
import { idPair, personOf } from "../../core/import-id";
import { defineResource } from "../define";
import { personNames } from "../shared/managed-names";
import { templateAccessExamples } from "./examples";
import { templateAccessImpl } from "./resource";
import { templateAccessAbout, templateAccessInputs, templateAccessOutputs } from "./schema";

export const templateAccessDefinition = defineResource({
  kind: "TemplateAccess",
  inputs: templateAccessInputs,
  outputs: templateAccessOutputs,
  about: templateAccessAbout,
  impl: templateAccessImpl,
  examples: templateAccessExamples,
  adoptWith: () => "nothing: access already granted is taken over, with a warning",
  propsFromId: (id) => {
    const [templateId, person] = idPair("TemplateAccess", id, "<templateId>/<accountId>");
    return { templateId, ...personOf(person) };
  },
  logicalName: (template, who) => `template:${template}:access:${who}`,
  madeBy: { idempotent: "access already given is taken over in place (D6)" },
  manages: { collection: "templates.access", parentKey: "templateId", names: personNames },
});
