/**
 * Two API apps. The portal has a callback URL, OAuth settings and options; its OAuth secret
 * is a secret output (`pulumi stack output --show-secrets portalOAuthSecret`).
 */
import * as esign from "pulumi-esign";

const portal = new esign.ApiApp("portal", {
  name: "Customer portal",
  domains: ["portal.example.com", "example.com"],
  callbackUrl: "https://portal.example.com/esign/events",
  oauth: {
    callbackUrl: "https://portal.example.com/oauth/callback",
    scopes: ["basic_account_info", "request_signature"],
  },
  options: { canInsertEverywhere: true },
});

const backOffice = new esign.ApiApp("back-office", {
  name: "Back office",
  domains: ["internal.example.com"],
});

export const portalClientId = portal.clientId;
export const portalOAuthSecret = portal.oauthSecret;
export const backOfficeClientId = backOffice.clientId;
