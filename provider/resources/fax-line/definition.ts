/** FaxLine: its implementation (resource.ts), schema description (schema.ts) and examples, as one definition. */
import { defineResource } from "../define";
import { faxLineExamples } from "./examples";
import { faxLineImpl } from "./resource";
import { faxLineSpec } from "./schema";

export const faxLineDefinition = defineResource({
  kind: "FaxLine",
  impl: faxLineImpl,
  spec: faxLineSpec,
  examples: faxLineExamples,
});
