/** FaxLineUserSet: its implementation (resource.ts), properties and schema description (schema.ts) and examples, as one definition. */
import { defineResource } from "../define";
import { listNames } from "../shared/managed-names";
import { faxLineUserSetExamples } from "./examples";
import { faxLineUserSetImpl } from "./resource";
import { faxLineUserSetAbout, faxLineUserSetComputed, faxLineUserSetInputs, faxLineUserSetOutputs } from "./schema";

export const faxLineUserSetDefinition = defineResource({
  kind: "FaxLineUserSet",
  inputs: faxLineUserSetInputs,
  computed: faxLineUserSetComputed,
  outputs: faxLineUserSetOutputs,
  about: faxLineUserSetAbout,
  impl: faxLineUserSetImpl,
  examples: faxLineUserSetExamples,
  adoptWith: () => "nothing: the set removes only, so creating it takes the list over",
  idOutput: "number",
  logicalName: (line) => `fax:${line}:users`,
  madeBy: { idempotent: "the create applies the list: applying it again removes nothing more" },
  manages: { collection: "faxLines.users", parentKey: "number", names: listNames("users"), authoritative: true },
});
