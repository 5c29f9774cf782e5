import type { ResourceSpec } from "../../schema/spec";

export const apiAppSpec: ResourceSpec = {
  description: "An API app of the account. A create makes a new app unless the program asks to adopt one: `clientId` (that app) or `adopt: true` (the caller's own app with the same name and set of domains); an adoption prints a warning naming the app.",
  calls: [
    ["preview", "none (`check` and `diff` are local)"],
    ["create", "the caller's apps (below, to recognise the app a create whose answer was lost made), then `POST /api_app` (multipart when `customLogoFile` is set)"],
    ["create with `adopt: true`", "the caller's apps and the caller's account id (the pin's `GET /account`, below); then `PUT /api_app/{client_id}` only if the declared settings differ"],
    ["create with `clientId`", "`GET /api_app/{client_id}`, then `PUT /api_app/{client_id}` only if the declared settings differ"],
    ["refresh", "the caller's apps, read **once** and shared by every app; `GET /api_app/{client_id}` only for an app missing from that list (a 404 or 410 with the service's error envelope: the app is gone and leaves state)"],
    ["update", "`PUT /api_app/{client_id}`"],
    ["delete", "`DELETE /api_app/{client_id}` (404: already gone)"],
  ],
  importId: "the app's client id",
  importExample: "portal <clientId>",
  inputs: {
    clientId: { type: "string", description: "Adopt this existing app instead of creating one (a warning names it). An output otherwise: the app's client id (also the resource id)." },
    adopt: { type: "boolean", description: "Adopt the caller's own app with this `name` and set of `domains` instead of creating one (a warning names it); the create fails in one line when none or several match, or another resource of the run already holds it. Read only by create." },
    name: { type: "string", description: "The app's name." },
    domains: { type: "array", items: { type: "string" }, description: "The domains the app may be embedded on: a set of at most 10 (order and case do not matter)." },
    callbackUrl: { type: "string", description: "Where the service sends the app's events." },
    oauth: { ref: "ApiAppOAuth", description: "OAuth settings; remove them to clear the app's OAuth." },
    options: { ref: "ApiAppOptions", description: "The app's options." },
    whiteLabelingOptions: { type: "object", additionalProperties: { type: "string" }, description: "White labeling, by the API's keys in camelCase (primaryButtonColor, legalVersion, ...); only the keys given are managed (some plans only)." },
    customLogoFile: { type: "string", description: "Path of an image file uploaded as the app's logo; changes are detected by content, not path." },
  },
  requiredInputs: ["name", "domains"],
  computed: {
    customLogoFileHash: { type: "string", description: "The SHA-256 of `customLogoFile`'s content, computed at check." },
  },
  outputs: {
    oauthSecret: { type: "string", secret: true, description: "The app's OAuth secret (a secret output; nowhere else in state)." },
    isApproved: { type: "boolean", description: "Whether the app is approved for production." },
    createdAt: { type: "integer", description: "When the app was created (Unix time)." },
    ownerAccount: { ref: "ApiAppOwnerAccount", description: "The account that owns the app." },
  },
  requiredOutputs: ["clientId", "name", "domains", "isApproved", "createdAt"],
};
