import type { Example } from "../../schema/examples/types";

export const apiAppExamples: Example[] = [
  {
    title: "An API app with OAuth",
    typescript: `import * as esign from "@esign/pulumi";

const portal = new esign.ApiApp("portal", {
    name: "Portal",
    domains: ["portal.example.com"],
    callbackUrl: "https://portal.example.com/esign/events",
    oauth: {
        callbackUrl: "https://portal.example.com/oauth",
        scopes: ["basic_account_info"],
    },
});

export const clientId = portal.clientId;
export const oauthSecret = portal.oauthSecret;`,
    python: `import pulumi
import pulumi_esign as esign

portal = esign.ApiApp("portal",
    name="Portal",
    domains=["portal.example.com"],
    callback_url="https://portal.example.com/esign/events",
    oauth=esign.ApiAppOAuthArgs(
        callback_url="https://portal.example.com/oauth",
        scopes=["basic_account_info"],
    ))

pulumi.export("clientId", portal.client_id)
pulumi.export("oauthSecret", portal.oauth_secret)`,
    go: `package main

import (
	"github.com/esign/pulumi-esign/sdk/go/esign"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		portal, err := esign.NewApiApp(ctx, "portal", &esign.ApiAppArgs{
			Name:        pulumi.String("Portal"),
			Domains:     pulumi.StringArray{pulumi.String("portal.example.com")},
			CallbackUrl: pulumi.String("https://portal.example.com/esign/events"),
			Oauth: &esign.ApiAppOAuthArgs{
				CallbackUrl: pulumi.String("https://portal.example.com/oauth"),
				Scopes:      pulumi.StringArray{pulumi.String("basic_account_info")},
			},
		})
		if err != nil {
			return err
		}
		ctx.Export("clientId", portal.ClientId)
		ctx.Export("oauthSecret", portal.OauthSecret)
		return nil
	})
}`,
    yaml: `resources:
  portal:
    type: esign:index:ApiApp
    properties:
      name: Portal
      domains:
        - portal.example.com
      callbackUrl: https://portal.example.com/esign/events
      oauth:
        callbackUrl: https://portal.example.com/oauth
        scopes:
          - basic_account_info
outputs:
  clientId: \${portal.clientId}
  oauthSecret: \${portal.oauthSecret}`,
  },
];
