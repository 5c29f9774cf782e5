import { z } from "zod";
import type { InputsOf, ResourceAbout, StateOf } from "../define";

// Strict: a misspelt key inside is an error (at check, and in the account file with a suggestion).
export const apiAppOAuth = z
  .strictObject({
    callbackUrl: z.string().describe("The OAuth callback URL."),
    scopes: z.array(z.string()).describe("The scopes the app asks for (a set)."),
  })
  .meta({ ref: "ApiAppOAuth", typeDescription: "An API app's OAuth settings." });

export const apiAppOptions = z
  .strictObject({
    canInsertEverywhere: z.boolean().optional().describe("Whether signers may insert everywhere."),
  })
  .meta({ ref: "ApiAppOptions", typeDescription: "An API app's options." });

export const apiAppOwnerAccount = z
  .object({
    accountId: z.string().optional().describe("The owner's account id."),
    emailAddress: z.string().optional().describe("The owner's e-mail address."),
  })
  .meta({ ref: "ApiAppOwnerAccount", typeDescription: "The account that owns an API app." });

export const apiAppInputs = z.object({
  clientId: z.string().optional().describe("Adopt this existing app instead of creating one (a warning names it). An output otherwise: the app's client id (also the resource id)."),
  adopt: z
    .boolean()
    .optional()
    .describe(
      "Adopt the caller's own app with this `name` and set of `domains` instead of creating one (a warning names it); the create fails in one line when none or several match, or another resource of the run already holds it. Read only by create.",
    ),
  name: z.string().describe("The app's name."),
  domains: z.array(z.string()).describe("The domains the app may be embedded on: a set of at most 10 (order and case do not matter)."),
  callbackUrl: z.string().optional().describe("Where the service sends the app's events."),
  oauth: apiAppOAuth.optional().describe("OAuth settings; remove them to clear the app's OAuth."),
  options: apiAppOptions.optional().describe("The app's options."),
  whiteLabelingOptions: z
    .record(z.string(), z.string())
    .optional()
    .describe("White labeling, by the API's keys in camelCase (primaryButtonColor, legalVersion, ...); only the keys given are managed (some plans only)."),
  customLogoFile: z.string().optional().describe("Path of an image file uploaded as the app's logo; changes are detected by content, not path."),
});

export const apiAppComputed = z.object({
  customLogoFileHash: z.string().optional().describe("The SHA-256 of `customLogoFile`'s content, computed at check."),
});

export const apiAppOutputs = z.object({
  oauthSecret: z.string().optional().meta({ secret: true }).describe("The app's OAuth secret (a secret output; nowhere else in state)."),
  isApproved: z.boolean().describe("Whether the app is approved for production."),
  createdAt: z.int().describe("When the app was created (Unix time)."),
  ownerAccount: apiAppOwnerAccount.optional().describe("The account that owns the app."),
});

export const apiAppAbout = {
  description:
    "An API app of the account. A create makes a new app unless the program asks to adopt one: `clientId` (that app) or `adopt: true` (the caller's own app with the same name and set of domains); an adoption prints a warning naming the app.",
  calls: [
    ["preview", "none (`check` and `diff` are local)"],
    [
      "create",
      "the caller's apps (below, to recognise the app a create whose answer was lost made), then `POST /api_app` (multipart when `customLogoFile` is set), then `GET /api_app/{client_id}` until the new app is readable (a 404 within 30 s of the create is the service's read-after-create lag and is tried again)",
    ],
    ["create with `adopt: true`", "the caller's apps and the caller's account id (the pin's `GET /account`, below); then `PUT /api_app/{client_id}` only if the declared settings differ"],
    ["create with `clientId`", "`GET /api_app/{client_id}`, then `PUT /api_app/{client_id}` only if the declared settings differ"],
    [
      "refresh",
      "the caller's apps, read **once** and shared by every app; `GET /api_app/{client_id}` only for an app missing from that list (a 404 or 410 with the service's error envelope: the app is gone and leaves state; within 30 s of the create, a 404 is tried again until then)",
    ],
    ["update", "`PUT /api_app/{client_id}`"],
    ["delete", "`DELETE /api_app/{client_id}` (404: already gone)"],
  ],
  importId: "the app's client id",
  importExample: "portal <clientId>",
  requiredOutputs: ["clientId", "name", "domains", "isApproved", "createdAt"] as const,
} satisfies ResourceAbout;

/** ApiApp's inputs, as check passes them on (with what it computed). */
export type ApiAppInputs = InputsOf<typeof apiAppInputs, typeof apiAppComputed>;
/** What ApiApp's state holds: its inputs, what check computed, its outputs (the required ones always there). */
export type ApiAppState = StateOf<typeof apiAppInputs, typeof apiAppComputed, typeof apiAppOutputs, (typeof apiAppAbout.requiredOutputs)[number]>;
