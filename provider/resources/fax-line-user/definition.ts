/** FaxLineUser: its implementation (resource.ts), schema description (schema.ts) and examples, as one definition. */
import { idPair, personOf } from "../../core/import-id";
import { defineResource } from "../define";
import { faxLineUserExamples } from "./examples";
import { faxLineUserImpl } from "./resource";
import { faxLineUserSpec } from "./schema";

export const faxLineUserDefinition = defineResource({
  kind: "FaxLineUser",
  impl: faxLineUserImpl,
  spec: faxLineUserSpec,
  examples: faxLineUserExamples,
  propsFromId: (id) => {
    const [number, person] = idPair("FaxLineUser", id, "<number>/<accountId>");
    return { number, ...personOf(person) };
  },
});
