/** ApiApp: its implementation (resource.ts), properties and schema description (schema.ts) and examples, as one definition. */
import { defineResource } from "../define";
import { idName } from "../shared/managed-names";
import { apiAppFinder } from "./made";
import { apiAppExamples } from "./examples";
import { apiAppImpl } from "./resource";
import { apiAppAbout, apiAppOAuth, apiAppOptions, apiAppOwnerAccount, apiAppComputed, apiAppInputs, apiAppOutputs } from "./schema";

export const apiAppDefinition = defineResource({
  kind: "ApiApp",
  inputs: apiAppInputs,
  computed: apiAppComputed,
  outputs: apiAppOutputs,
  about: apiAppAbout,
  impl: apiAppImpl,
  types: [apiAppOAuth, apiAppOptions, apiAppOwnerAccount],
  examples: apiAppExamples,
  adoptWith: (id) => `clientId: "${id}" (or adopt: true, to match your app by name and domains)`,
  idOutput: "clientId",
  logicalName: (key) => `app:${key}`,
  madeBy: { finder: apiAppFinder },
  manages: { collection: "apiApps", names: idName("clientId") },
});
