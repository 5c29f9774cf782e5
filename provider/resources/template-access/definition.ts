/** TemplateAccess: its implementation (resource.ts), schema description (schema.ts) and examples, as one definition. */
import { idPair, personOf } from "../../core/import-id";
import { defineResource } from "../define";
import { templateAccessExamples } from "./examples";
import { templateAccessImpl } from "./resource";
import { templateAccessSpec } from "./schema";

export const templateAccessDefinition = defineResource({
  kind: "TemplateAccess",
  impl: templateAccessImpl,
  spec: templateAccessSpec,
  examples: templateAccessExamples,
  propsFromId: (id) => {
    const [templateId, person] = idPair("TemplateAccess", id, "<templateId>/<accountId>");
    return { templateId, ...personOf(person) };
  },
});
