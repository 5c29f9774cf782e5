/** FaxLine: its implementation (resource.ts), properties and schema description (schema.ts) and examples, as one definition. */
import { defineResource } from "../define";
import { idName } from "../shared/managed-names";
import { faxLineFinder } from "./made";
import { faxLineExamples } from "./examples";
import { faxLineImpl } from "./resource";
import { faxLineAbout, faxLineInputs, faxLineOutputs } from "./schema";

export const faxLineDefinition = defineResource({
  kind: "FaxLine",
  inputs: faxLineInputs,
  outputs: faxLineOutputs,
  about: faxLineAbout,
  impl: faxLineImpl,
  examples: faxLineExamples,
  adoptWith: (id) => `number: "${id}"`,
  idOutput: "number",
  logicalName: (key) => `fax:${key}`,
  madeBy: { finder: faxLineFinder },
  manages: { collection: "faxLines", names: idName("number") },
});
