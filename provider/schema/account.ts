/** The `esign:index:Account` component: an account file deployed as the same children deployAccount makes. */
import type { PropSpec } from "./spec";

export const accountComponent = {
  description:
    "A whole account from an account file (account.yaml), as the same child resources, checks and errors as `deployAccount` in TypeScript. Give the file's `text`, or its `path` (relative to the project directory). Give an explicit provider as the `provider` option, not in `providers`: for a component of its own package the Node.js SDK warns about a conflict between the two on every run.",
  inputs: {
    text: { type: "string", description: "The account file's YAML text." },
    path: { type: "string", description: "The account file's path (relative paths: from the project directory)." },
  } as Record<string, PropSpec>,
  outputs: {
    teamId: { type: "string", description: "The team id, when the file has a team." },
    members: { type: "object", additionalProperties: { type: "string" }, description: "Member key -> status (`invited` or `member`)." },
    apiApps: { type: "object", additionalProperties: { type: "string" }, description: "App key -> client id." },
    oauthSecrets: { type: "object", additionalProperties: { type: "string" }, secret: true, description: "App key -> OAuth secret, for apps with `oauth` (secret)." },
    templates: { type: "object", additionalProperties: { type: "string" }, description: "Template key -> template id." },
    faxLines: { type: "object", additionalProperties: { type: "string" }, description: "Fax line key -> number." },
  } as Record<string, PropSpec>,
  requiredOutputs: ["members", "apiApps", "oauthSecrets", "templates", "faxLines"],
};
