/** FaxLineUser: its implementation (resource.ts), properties and schema description (schema.ts) and examples, as one definition. */
import { idPair, personOf } from "../../core/import-id";
import { defineResource } from "../define";
import { personNames } from "../shared/managed-names";
import { faxLineUserExamples } from "./examples";
import { faxLineUserImpl } from "./resource";
import { faxLineUserAbout, faxLineUserInputs, faxLineUserOutputs } from "./schema";

export const faxLineUserDefinition = defineResource({
  kind: "FaxLineUser",
  inputs: faxLineUserInputs,
  outputs: faxLineUserOutputs,
  about: faxLineUserAbout,
  impl: faxLineUserImpl,
  examples: faxLineUserExamples,
  adoptWith: () => "nothing: a user already on the line is taken over, with a warning",
  propsFromId: (id) => {
    const [number, person] = idPair("FaxLineUser", id, "<number>/<accountId>");
    return { number, ...personOf(person) };
  },
  logicalName: (line, who) => `fax:${line}:user:${who}`,
  madeBy: { idempotent: "a person already on the line is taken over in place (D6)" },
  manages: { collection: "faxLines.users", parentKey: "number", names: personNames },
});
